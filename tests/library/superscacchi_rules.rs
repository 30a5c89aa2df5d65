//! Hand-made positions that pin down the rules one by one (R14–R30).

use arbitro::geometry::{Army, Piece, Role, Sq};
use arbitro::superscacchi::check::{KingFate, classify, classify_all};
use arbitro::superscacchi::position::{KingState, Position};
use arbitro::superscacchi::turn::{Game, SlotKind};

fn sq(s: &str) -> Sq {
    Sq::parse(s).unwrap()
}

fn put(pos: &mut Position, army: Army, role: Role, at: &str) {
    pos.put(sq(at), Piece { army, role });
}

fn empty() -> Position {
    Position::empty(Army::ALL)
}

/// Destinations of the piece on `from`, sorted, with `=X` for promotions.
fn targets(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let army = pos.at(from).unwrap().army;
    let mut moves = Vec::new();
    pos.piece_moves(army, from, &mut moves);
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| match m.promotion {
            Some(r) => format!("{}={}", m.to, r.letter()),
            None => m.to.to_string(),
        })
        .collect();
    v.sort();
    v
}

#[test]
fn r14_r16_pawn_progress_at_a_ring_corner() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "b2");
    // Ring 2 corner: along the ring (b3, c2) and two steps along it; never to ring 1.
    assert_eq!(targets(&pos, "b2"), ["b3", "b4", "c2", "d2"]);
    // A besieged pawn goes outward: from g7 (ring 7) to ring 6 (f7, g6) or along ring 7
    // (g8, h7), never onto a red square; its double steps go on the same way.
    let mut pos = empty();
    put(&mut pos, Army::SO, Role::Pawn, "g7");
    assert_eq!(
        targets(&pos, "g7"),
        ["e7", "f7", "g5", "g6", "g8", "g9", "h7", "i7"]
    );
}

#[test]
fn r14_pawn_never_goes_back_and_r17_captures_diagonally_forward() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "e3");
    pos.unmoved[sq("e3").0 as usize] = false;
    put(&mut pos, Army::SO, Role::Knight, "d4");
    put(&mut pos, Army::SO, Role::Knight, "d2");
    // e3 is ring 3: d4 (ring 4) can be taken, d2 (ring 2) cannot; e2 is backwards.
    assert_eq!(targets(&pos, "e3"), ["d3", "d4", "e4", "f3"]);
}

#[test]
fn r18_en_passant_only_for_the_next_army() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "e2");
    put(&mut pos, Army::SO, Role::Pawn, "f4"); // SO moves right after S
    put(&mut pos, Army::NO, Role::Pawn, "d4"); // NO does not
    let mut moves = Vec::new();
    pos.piece_moves(Army::S, sq("e2"), &mut moves);
    let double = *moves.iter().find(|m| m.double && m.to == sq("e4")).unwrap();
    pos.play(&double);
    let ep = pos.ep.unwrap();
    assert_eq!(
        (ep.passed, ep.pawn, ep.army),
        (sq("e3"), sq("e4"), Army::SO)
    );
    assert!(targets(&pos, "f4").contains(&"e3".to_string()));
    assert!(!targets(&pos, "d4").contains(&"e3".to_string()));
}

#[test]
fn r19_promotion_squares_for_each_side() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "g6");
    pos.unmoved[sq("g6").0 as usize] = false;
    // g7 touches the red block (ring 7): a besieger pawn promotes there.
    assert_eq!(
        targets(&pos, "g6"),
        ["f6", "g7=A", "g7=C", "g7=R", "g7=T", "h6"]
    );
    let mut pos = empty();
    put(&mut pos, Army::SO, Role::Pawn, "c2");
    pos.unmoved[sq("c2").0 as usize] = false;
    // b2 touches the green corner a1: a besieged pawn promotes there; c1 is ring 1 too.
    let t = targets(&pos, "c2");
    assert!(
        t.contains(&"b2=R".to_string()) && t.contains(&"c1".to_string()),
        "{t:?}"
    );
    // A besieger pawn sliding along ring 2 next to a corner does not promote.
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "c2");
    pos.unmoved[sq("c2").0 as usize] = false;
    assert!(targets(&pos, "c2").contains(&"b2".to_string()));
}

#[test]
fn r5_r12_sliders_stop_before_red_squares_knights_jump() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Rook, "h5");
    let t = targets(&pos, "h5");
    assert!(t.contains(&"h7".to_string()) && !t.iter().any(|s| s == "h8" || s == "h10"));
    put(&mut pos, Army::S, Role::Queen, "f6");
    let t = targets(&pos, "f6");
    assert!(t.contains(&"g7".to_string()) && !t.contains(&"i9".to_string()));
    put(&mut pos, Army::S, Role::Knight, "g6");
    let t = targets(&pos, "g6");
    assert!(t.contains(&"h4".to_string()) && !t.contains(&"h8".to_string()));
    // A corner is green: no piece stops there.
    put(&mut pos, Army::S, Role::Rook, "a5");
    assert!(!targets(&pos, "a5").contains(&"a1".to_string()));
}

#[test]
fn r20_kings_refuse_protected_captures() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::King, "e3");
    put(&mut pos, Army::NO, Role::Pawn, "e4"); // protected by the knight; protects d3, f3
    put(&mut pos, Army::NO, Role::Knight, "f6");
    put(&mut pos, Army::SE, Role::Pawn, "d2"); // unprotected
    let t = targets(&pos, "e3");
    // Not e4 (the knight protects it), not d3 or f3 (the pawn attacks them, R17).
    assert_eq!(t, ["d2", "d4", "e2", "f2", "f4"]);
    // A rook on p2 protects d2 along the rank and attacks e2, f2.
    put(&mut pos, Army::NE, Role::Rook, "p2");
    assert_eq!(targets(&pos, "e3"), ["d4", "f4"]);
    // A rook on a4 attacks d4; the pawn on e4 shields f4.
    put(&mut pos, Army::NE, Role::Rook, "a4");
    assert_eq!(targets(&pos, "e3"), ["f4"]);
}

/// SO's king on h7 next to the red squares, checked by S's queen from h1, every escape
/// covered by S's rooks.
fn cornered_besieged_king() -> Position {
    let mut pos = empty();
    put(&mut pos, Army::SO, Role::King, "h7");
    put(&mut pos, Army::S, Role::Queen, "h1"); // the check, along the h-file
    put(&mut pos, Army::S, Role::Rook, "g16"); // covers g8 g7 g6
    put(&mut pos, Army::S, Role::Rook, "i1"); // covers i6 i7
    pos
}

#[test]
fn r25_r26_imprisonment_parry_by_a_teammate_and_mate() {
    let pos = cornered_besieged_king();
    assert!(pos.in_check(Army::SO));
    assert_eq!(classify(&pos, Army::SO), KingFate::Imprisonment);
    let mut game = Game::from_position(pos.clone());
    let done = arbitro::superscacchi::check::apply(&mut game.pos, &classify_all(&pos, Army::S));
    assert_eq!(done, vec![(Army::SO, KingFate::Imprisonment)]);
    assert_eq!(
        game.pos.kings[Army::SO.index()],
        KingState::Sanctuary(sq("h8"))
    );
    // NE, a teammate, can put its rook between queen and king: a parry, so only check.
    let mut parried = cornered_besieged_king();
    put(&mut parried, Army::NE, Role::Rook, "a3");
    assert_eq!(classify(&parried, Army::SO), KingFate::Check);
    // With both adjacent red squares taken by kings in sanctuary, no refuge: mate.
    let mut full = cornered_besieged_king();
    for (army, at) in [(Army::NO, "h8"), (Army::NE, "i8")] {
        full.board[sq(at).0 as usize] = Some(Piece {
            army,
            role: Role::King,
        });
        full.kings[army.index()] = KingState::Sanctuary(sq(at));
    }
    assert_eq!(classify(&full, Army::SO), KingFate::Mate);
}

#[test]
fn r27_flight_of_a_besieger_king() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::King, "b2");
    put(&mut pos, Army::SO, Role::Queen, "b8");
    put(&mut pos, Army::SO, Role::Rook, "h1");
    put(&mut pos, Army::SO, Role::Rook, "h2");
    put(&mut pos, Army::SO, Role::Rook, "h3");
    assert!(pos.in_check(Army::S));
    assert_eq!(classify(&pos, Army::S), KingFate::Flight);
    // A besieged king in the same place could step onto the corner: an escape.
    let mut lib = empty();
    put(&mut lib, Army::SO, Role::King, "b2");
    put(&mut lib, Army::S, Role::Queen, "b8");
    assert!(targets(&lib, "b2").contains(&"a1".to_string()));
}

#[test]
fn r29_unparried_check_is_mate_and_the_turn_is_lost() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Rook, "e1");
    put(&mut pos, Army::S, Role::Pawn, "p2");
    put(&mut pos, Army::SO, Role::King, "e6"); // attacked by S's rook, left so
    put(&mut pos, Army::SO, Role::Pawn, "c6");
    let mut game = Game::from_position(pos);
    let slot = game.start_slot(); // S: R29 first
    assert_eq!(
        (slot.army, slot.r29.clone(), slot.kind.clone()),
        (Army::S, vec![Army::SO], SlotKind::Move)
    );
    assert_eq!(game.pos.kings[Army::SO.index()], KingState::Removed);
    assert_eq!(game.slot_events(&slot, Some(1), 1)[0].rule, "R29");
    let mut moves = Vec::new();
    game.pos.moves(Army::S, &mut moves);
    game.play(&moves[0]);
    // SO loses its next turn (R28, R29); O, NO, ... have nothing and pass (R30).
    let slot = game.start_slot();
    assert_eq!((slot.army, slot.kind), (Army::SO, SlotKind::Lost));
    let slot = game.start_slot();
    assert_eq!((slot.army, slot.kind), (Army::O, SlotKind::Passed(None)));
}

#[test]
fn r30_no_move_at_all_is_mate_d_ufficio_for_the_army_before() {
    let mut pos = empty();
    put(&mut pos, Army::S, Role::Pawn, "p2");
    put(&mut pos, Army::SO, Role::King, "a2"); // besieged; a1 is empty and green...
    put(
        &mut pos,
        Army::SO,
        Role::Pawn,
        "a1".replace("a1", "c9").as_str(),
    );
    let mut game = Game::from_position(pos);
    // S plays; SO's king can liberate itself on a1, so SO has moves.
    let s = game.start_slot();
    assert_eq!(s.kind, SlotKind::Move);
    // Now a besieger king with no move: O's king on a2 hemmed in, not in check.
    let mut pos = empty();
    put(&mut pos, Army::O, Role::King, "a2");
    put(&mut pos, Army::SO, Role::Rook, "p3");
    put(&mut pos, Army::SO, Role::Rook, "p1");
    put(&mut pos, Army::SO, Role::Rook, "b16");
    put(&mut pos, Army::SO, Role::Knight, "m12");
    assert!(!pos.in_check(Army::O));
    let mut game = Game::from_position(pos);
    let s = game.start_slot();
    assert_eq!((s.army, s.kind), (Army::S, SlotKind::Passed(None)));
    let s = game.start_slot();
    assert_eq!((s.army, s.kind), (Army::SO, SlotKind::Move));
    let mut moves = Vec::new();
    game.pos.moves(Army::SO, &mut moves);
    let quiet = *moves
        .iter()
        .find(|m| m.from == sq("m12") && m.to == sq("n14"))
        .unwrap();
    game.play(&quiet);
    let s = game.start_slot();
    assert_eq!(
        (s.army, s.kind.clone()),
        (Army::O, SlotKind::Passed(Some(Army::O)))
    );
    let events = game.slot_events(&s, None, game.ply);
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].army, events[0].rule, events[0].move_number),
        (Army::SO, "R30", None)
    );
}
