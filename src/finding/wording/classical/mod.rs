//! How the classical engine's findings are said (FIDE Laws, PGN, `formats.md` §4 and §8):
//! one constructor per finding, in English and Italian, taking the moves, squares and
//! pieces the engine computed. The caller adds where the finding is (`.at(span)`,
//! `.on_sheet(…)`).
//!
//! - this file: the names of pieces and sides (one place for both languages) and the
//!   replay's findings;
//! - `illegal`: why a move is illegal (re-exported here);
//! - [`reconcile`]: the findings on two sheets of one game;
//! - `slip`: a slip of the pen read as the move meant, or no move fits (re-exported).
//!
//! It takes plain data only (shakmaty's pieces and squares, the notation, texts), so that
//! `finding` never imports `classical`. Words of the engine's own values (how a game ended,
//! another form of writing a move) are [`Say`](crate::lang::Say) implementations beside
//! those values, passed here as [`Bi`].

mod illegal;
pub mod reconcile;
mod slip;

pub use slip::{missing_move, missing_pair, no_reading, read_as};

pub use illegal::{
    CastleBar, Illegal, Suggestion, ambiguous_move, illegal_move, missing_promotion,
    wrong_promotion,
};

use crate::finding::{Code, Finding};
use crate::lang::Bi;
use crate::notation::san::Notation;
use shakmaty::{Color, Role};

/// A finding of `code` whose message is `en` in English and `it` in Italian.
fn said(code: Code, en: String, it: String) -> Finding {
    Finding::said(code, Bi::new(en, it))
}

/// A label or hint in both languages.
fn bi(en: impl Into<String>, it: impl Into<String>) -> Bi {
    Bi::new(en, it)
}

// ---------------------------------------------------------------------------------------
// Words: pieces and sides.

/// A kind of piece as messages name it: `knight` / `cavallo` (`donna`, not `regina`, as an
/// arbiter says it).
///
/// ```
/// use arbitro::finding::wording::classical::piece;
/// assert_eq!(piece(shakmaty::Role::Queen).it, "donna");
/// ```
pub fn piece(role: Role) -> Bi<&'static str> {
    piece_words(role)[0]
}

/// Several pieces of a kind: `knights` / `cavalli`.
pub fn pieces(role: Role) -> Bi<&'static str> {
    piece_words(role)[1]
}

/// A piece with its article: `the bishop` / `l'alfiere`.
pub fn the_piece(role: Role) -> Bi<&'static str> {
    piece_words(role)[2]
}

/// No piece of a kind: `no rook` / `nessuna torre`.
pub fn no_piece(role: Role) -> Bi<&'static str> {
    piece_words(role)[3]
}

/// The words for a kind of piece, in one table: one, several, with its article, none.
fn piece_words(role: Role) -> [Bi<&'static str>; 4] {
    let w = |en, it| Bi { en, it };
    match role {
        Role::Pawn => [
            w("pawn", "pedone"),
            w("pawns", "pedoni"),
            w("the pawn", "il pedone"),
            w("no pawn", "nessun pedone"),
        ],
        Role::Knight => [
            w("knight", "cavallo"),
            w("knights", "cavalli"),
            w("the knight", "il cavallo"),
            w("no knight", "nessun cavallo"),
        ],
        Role::Bishop => [
            w("bishop", "alfiere"),
            w("bishops", "alfieri"),
            w("the bishop", "l'alfiere"),
            w("no bishop", "nessun alfiere"),
        ],
        Role::Rook => [
            w("rook", "torre"),
            w("rooks", "torri"),
            w("the rook", "la torre"),
            w("no rook", "nessuna torre"),
        ],
        Role::Queen => [
            w("queen", "donna"),
            w("queens", "donne"),
            w("the queen", "la donna"),
            w("no queen", "nessuna donna"),
        ],
        Role::King => [
            w("king", "re"),
            w("kings", "re"),
            w("the king", "il re"),
            w("no king", "nessun re"),
        ],
    }
}

/// A side as a sentence names it: `White` / `il Bianco`.
pub fn side(c: Color) -> Bi<&'static str> {
    match c {
        Color::White => Bi::new("White", "il Bianco"),
        Color::Black => Bi::new("Black", "il Nero"),
    }
}

/// A notation's name as an adjective: `Italian` / `italiana` (a notation, a letter).
fn notation_name(n: Notation) -> Bi<&'static str> {
    match n {
        Notation::Italian => Bi::new("Italian", "italiana"),
        Notation::English => Bi::new("English", "inglese"),
    }
}

/// Why a word cannot be read as a move, when a hint can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misread {
    /// The first letter is the `other` notation's letter for `role`; this game's letter
    /// for it is `here`.
    OtherAlphabet {
        /// The letter written.
        letter: char,
        /// The notation it belongs to.
        other: Notation,
        /// The piece it names there.
        role: Role,
        /// This game's letter for that piece.
        here: &'static str,
    },
    /// A capital that is no piece letter; the notation's letters.
    PieceLetters(&'static str),
}

/// `parse-error`: `word` is not a move in `notation`, with a hint when one can say why
/// (FIDE C).
pub fn not_a_move(word: &str, notation: Notation, misread: Option<Misread>) -> Finding {
    let name = notation_name(notation);
    let f = said(
        Code::ParseError,
        format!("`{word}` is not a move in {} notation", name.en),
        format!("`{word}` non è una mossa in notazione {}", name.it),
    )
    .labelled(bi("cannot read from here", "illeggibile da qui"))
    .rule("FIDE C");
    match misread {
        None => f,
        Some(Misread::OtherAlphabet {
            letter,
            other,
            role,
            here,
        }) => f.hinted(bi(
            format!(
                "`{letter}` is the {} letter for the {}; in this game's notation it is `{here}` (or force the notation with --notation)",
                notation_name(other).en,
                piece(role).en,
            ),
            format!(
                "`{letter}` è la lettera {} per {}; nella notazione di questa partita è `{here}` (oppure imponi la notazione con --notation)",
                notation_name(other).it,
                the_piece(role).it,
            ),
        )),
        Some(Misread::PieceLetters(letters)) => f.hinted(bi(
            format!("piece letters are {letters}"),
            format!("le lettere dei pezzi sono {letters}"),
        )),
    }
}

/// `illegal-move`: the null move `word` (`--`, `Z0`): a player cannot pass (FIDE 1.2).
pub fn null_move(word: &str) -> Finding {
    said(
        Code::IllegalMove,
        format!("`{word}` is a null move: a player cannot pass"),
        format!("`{word}` è una mossa nulla: un giocatore non può passare"),
    )
    .labelled(bi("null move", "mossa nulla"))
    .rule("FIDE 1.2")
}

/// `stray-result`: `word`, punctuation alone, is no move (PGN 8.2.6).
pub fn no_move_at_all(word: &str) -> Finding {
    said(
        Code::StrayResult,
        format!("`{word}` is no move (a forfeit mark?): passed over"),
        format!("`{word}` non è una mossa (un segno di forfait?): saltata"),
    )
    .labelled(bi("not a move", "non è una mossa"))
    .rule("PGN 8.2.6")
}

/// `non-standard-notation`: `word` is written in another `form` (its name), read as the
/// plain move (FIDE C).
pub fn other_form(word: &str, form: &Bi) -> Finding {
    said(
        Code::NonStandardNotation,
        format!(
            "`{word}` is written in another form ({}): read as the plain move",
            form.en
        ),
        format!(
            "`{word}` è scritta in un'altra forma ({}): letta come la mossa semplice",
            form.it
        ),
    )
    .labelled(form.clone())
    .rule("FIDE C")
}

/// `parse-error`: the `FEN` tag is no legal position; `why` is the reader's reason
/// (PGN 9.7).
pub fn bad_fen(why: &str) -> Finding {
    said(
        Code::ParseError,
        format!("the FEN tag is not a legal position: {why}"),
        format!("il tag FEN non dà una posizione legale: {why}"),
    )
    .rule("PGN 9.7")
}

/// `castling-rights-dropped`: the `FEN` gives castling rights the position cannot have
/// (FIDE 3.8.2).
pub fn castling_rights_dropped() -> Finding {
    said(
        Code::CastlingRightsDropped,
        "the FEN tag gives castling rights the position cannot have (no king or rook on its square): they are dropped".into(),
        "il tag FEN dà diritti di arrocco che la posizione non può avere (re o torre non sulla casa d'origine): non se ne tiene conto".into(),
    )
    .labelled(bi("castling rights dropped", "diritti di arrocco tolti"))
    .rule("FIDE 3.8.2")
}

/// `move-number-mismatch`: a game without a set-up starts at move `number` (FIDE C.3).
pub fn starts_past_one(number: u32) -> Finding {
    said(
        Code::MoveNumberMismatch,
        format!("the game starts at move {number} from the initial position"),
        format!("la partita comincia alla mossa {number} dalla posizione iniziale"),
    )
    .labelled(bi(
        format!("move {number}, not 1"),
        format!("mossa {number}, non 1"),
    ))
    .hinted(bi(
        "a [FEN] / [SetUp] tag is missing?",
        "manca un tag [FEN] / [SetUp]?",
    ))
    .rule("FIDE C.3")
}

/// `move-number-mismatch`: move `number` is written where `expected` was due (FIDE C.3).
pub fn number_jumps(number: u32, expected: u32) -> Finding {
    said(
        Code::MoveNumberMismatch,
        format!("move {number} is written where move {expected} was due"),
        format!("è scritta la mossa {number} dove toccava la mossa {expected}"),
    )
    .labelled(bi("the numbering jumps", "la numerazione salta"))
    .rule("FIDE C.3")
}

/// `move-after-end`: `at` is played after the game ended by `ending` (its words) at ply
/// `ply`, citing `rule`.
pub fn move_after_end(at: &str, ending: &Bi, ply: u32, rule: &'static str) -> Finding {
    said(
        Code::MoveAfterEnd,
        format!(
            "{at} is played after the game ended by {} at ply {ply}",
            ending.en
        ),
        format!(
            "{at} è giocata dopo che la partita era finita per {} alla semimossa {ply}",
            ending.it
        ),
    )
    .labelled(bi("the game was already over", "la partita era già finita"))
    .rule(rule)
}

/// `illegal-move`: `at` is played where no move is legal, the game having ended by
/// `ending` (mate or stalemate) at ply `ply`.
pub fn move_after_mate(at: &str, ending: &Bi, ply: u32, rule: &'static str) -> Finding {
    said(
        Code::IllegalMove,
        format!(
            "{at} is played after the game ended by {} at ply {ply}",
            ending.en
        ),
        format!(
            "{at} è giocata dopo che la partita era finita per {} alla semimossa {ply}",
            ending.it
        ),
    )
    .labelled(bi("no move is legal here", "qui nessuna mossa è legale"))
    .rule(rule)
}

/// What a capture mark says wrongly (FIDE C.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureMark {
    /// `x` on a move that takes nothing (`wrong-capture-mark`).
    TakesNothing,
    /// A capture without `x` (`missing-capture-mark`).
    Missing,
    /// `e.p.` on a move that is no en-passant capture (`wrong-capture-mark`).
    NotEnPassant,
}

/// The finding on `at`'s capture mark (FIDE C.9).
pub fn capture_mark(at: &str, what: CaptureMark) -> Finding {
    let f = match what {
        CaptureMark::TakesNothing => said(
            Code::WrongCaptureMark,
            format!("{at} is marked as a capture but takes nothing"),
            format!("{at} è segnata come presa ma non prende nulla"),
        )
        .labelled(bi("nothing stands on this square", "questa casa è vuota"))
        .hinted(bi("remove the `x`", "togli la `x`")),
        CaptureMark::Missing => said(
            Code::MissingCaptureMark,
            format!("{at} captures without the `x` mark"),
            format!("{at} prende senza il segno `x`"),
        )
        .labelled(bi("a capture", "una presa")),
        CaptureMark::NotEnPassant => said(
            Code::WrongCaptureMark,
            format!("{at} is marked e.p. but is not an en-passant capture"),
            format!("{at} è segnata e.p. ma non è una presa en passant"),
        )
        .labelled(bi("not en passant", "non è en passant")),
    };
    f.rule("FIDE C.9")
}

/// What a check mark says wrongly (FIDE C.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMark {
    /// Check without `+` (`missing-check-mark`).
    MissingCheck,
    /// Mate without `#` (`missing-mate-mark`).
    MissingMate,
    /// `#` on a check that is not mate (`wrong-mate-mark`).
    MateNotMate,
    /// `#` on a move that gives no check (`wrong-mate-mark`).
    MateNoCheck,
    /// `+` on a move that gives no check (`wrong-check-mark`).
    CheckNoCheck,
}

/// The finding on `at`'s check mark (FIDE C.12).
pub fn check_mark(at: &str, what: CheckMark) -> Finding {
    let (code, en, it, label) = match what {
        CheckMark::MissingCheck => (
            Code::MissingCheckMark,
            format!("{at} gives check without the `+` mark"),
            format!("{at} dà scacco senza il segno `+`"),
            bi("check", "scacco"),
        ),
        CheckMark::MissingMate => (
            Code::MissingMateMark,
            format!("{at} gives mate without the `#` mark"),
            format!("{at} dà scacco matto senza il segno `#`"),
            bi("mate", "scacco matto"),
        ),
        CheckMark::MateNotMate => (
            Code::WrongMateMark,
            format!("{at} is marked as mate but the king can escape or be shielded"),
            format!("{at} è segnata come matto ma il re può fuggire o essere coperto"),
            bi("check, not mate", "scacco, non matto"),
        ),
        CheckMark::MateNoCheck => (
            Code::WrongMateMark,
            format!("{at} is marked as mate but gives no check"),
            format!("{at} è segnata come matto ma non dà scacco"),
            bi("no check here", "qui non c'è scacco"),
        ),
        CheckMark::CheckNoCheck => (
            Code::WrongCheckMark,
            format!("{at} is marked as check but gives none"),
            format!("{at} è segnata come scacco ma non dà scacco"),
            bi("no check here", "qui non c'è scacco"),
        ),
    };
    said(code, en, it).labelled(label).rule("FIDE C.12")
}

/// A draw a position lets a player claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The same position for the third time (FIDE 9.2).
    Threefold,
    /// Fifty moves by each side without a capture or a pawn move (FIDE 9.3).
    FiftyMoves,
}

/// `claim-possible`: after `at` (`12.Cf3`) a draw could be claimed.
pub fn claim_possible(at: &str, claim: Claim) -> Finding {
    let (what, label, rule) = match claim {
        Claim::Threefold => (
            [
                "the same position stands for the third time",
                "la stessa posizione si ripete per la terza volta",
            ],
            ["threefold repetition", "triplice ripetizione"],
            "FIDE 9.2",
        ),
        Claim::FiftyMoves => (
            [
                "fifty moves by each side have passed without a capture or a pawn move",
                "sono passate cinquanta mosse per parte senza prese né mosse di pedone",
            ],
            ["fifty-move rule", "regola delle cinquanta mosse"],
            "FIDE 9.3",
        ),
    };
    said(
        Code::ClaimPossible,
        format!("after {at} {}: a draw could be claimed", what[0]),
        format!("dopo {at} {}: si poteva chiedere la patta", what[1]),
    )
    .labelled(bi(label[0], label[1]))
    .rule(rule)
}

/// What is wrong with a jolly (seed 002, section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JollyMisuse<'a> {
    /// There are not two moves to take back.
    NothingToTakeBack,
    /// Played outside phase 1: the game's `[Fase]`, if any.
    NotPhaseOne(Color, Option<&'a str>),
    /// A second jolly of the same player.
    Second(Color),
    /// It takes back a reply that gave mate.
    TakesBackMate(Color),
}

/// `jolly-misuse` (Reg. 3 Jolly).
pub fn jolly_misuse(why: JollyMisuse<'_>) -> Finding {
    let (message, label) = match why {
        JollyMisuse::NothingToTakeBack => (
            bi(
                "a jolly takes back two moves, and there are not two to take back",
                "il jolly ritira due mosse, e non ce ne sono due da ritirare",
            ),
            bi("nothing to take back", "niente da ritirare"),
        ),
        JollyMisuse::NotPhaseOne(c, phase) => (
            bi(
                format!(
                    "{} plays a jolly, but the jolly is allowed only in phase 1",
                    side(c).en
                ),
                format!(
                    "{} gioca un jolly, ma il jolly è ammesso solo nella fase 1",
                    side(c).it
                ),
            ),
            match phase {
                Some(p) => bi(
                    format!("this game is in phase {p}"),
                    format!("questa partita è della fase {p}"),
                ),
                None => bi(
                    "this game has no [Fase \"1\"] tag",
                    "questa partita non ha il tag [Fase \"1\"]",
                ),
            },
        ),
        JollyMisuse::Second(c) => (
            bi(
                format!(
                    "{} plays a second jolly in the same game (one per player per game)",
                    side(c).en
                ),
                format!(
                    "{} gioca un secondo jolly nella stessa partita (uno per giocatore per partita)",
                    side(c).it
                ),
            ),
            bi("second jolly", "secondo jolly"),
        ),
        JollyMisuse::TakesBackMate(c) => (
            bi(
                format!(
                    "{} takes back a reply that gave mate, which the jolly cannot do",
                    side(c).en
                ),
                format!(
                    "{} ritira una risposta che dava scacco matto: il jolly non può annullare uno scacco matto",
                    side(c).it
                ),
            ),
            bi("the reply was mate", "la risposta era scacco matto"),
        ),
    };
    Finding::said(Code::JollyMisuse, message)
        .labelled(label)
        .rule("Reg. 3 Jolly")
}

/// `result-mismatch`: the result tag says `tag`, the movetext ends with `term`
/// (PGN 8.2.6).
pub fn result_tag_differs(tag: &str, term: &str) -> Finding {
    said(
        Code::ResultMismatch,
        format!("the result tag says {tag} but the movetext ends with {term}"),
        format!("il tag del risultato dice {tag} ma le mosse finiscono con {term}"),
    )
    .labelled(bi("differs from the tag", "diverso dal tag"))
    .rule("PGN 8.2.6")
}

/// `result-mismatch`: the game ended by `ending` (its words) at ply `ply`, which gives
/// `board`, but the sheet says `declared`; citing `rule`.
pub fn result_against_board(
    ending: &Bi,
    ply: u32,
    board: &str,
    declared: &str,
    rule: &'static str,
) -> Finding {
    said(
        Code::ResultMismatch,
        format!(
            "the game ended by {} at ply {ply} ({board}), but the sheet says {declared}",
            ending.en
        ),
        format!(
            "la partita è finita per {} alla semimossa {ply} ({board}), ma il risultato scritto è {declared}",
            ending.it
        ),
    )
    .labelled(bi(
        format!("the board says {board}"),
        format!("la scacchiera dice {board}"),
    ))
    .rule(rule)
}

// ---------------------------------------------------------------------------------------
// Unreadable characters (formats.md §8), tags, variants, variations.

/// `unreadable-move`: several readings of `at` fit (each with how far the game replays
/// with it); the other player's sheet may tell.
pub fn unreadable_move(at: &str, readings: &[(&str, u32)], bounded: bool) -> Finding {
    super::common::unreadable_move(at, readings, bounded).hinted(bi(
        "look at the other player's sheet (arbitro reconcile)",
        "guarda il formulario dell'avversario (arbitro reconcile)",
    ))
}

/// `unreadable-move` where the replay goes on: several `readings` of `at` (each with how
/// far the game replays) are as good, and the first is read to go on, so later slips are
/// still found (issue 28 point 4); `bounded`: how far is a lower bound.
pub fn unreadable_read_on(at: &str, readings: &[(&str, u32)], bounded: bool) -> Finding {
    let first = readings.first().map_or("", |r| r.0);
    super::common::unreadable_move(at, readings, bounded).hinted(bi(
        format!("read as {first} to go on; look at the other player's sheet (arbitro reconcile)"),
        format!(
            "letta come {first} per proseguire; guarda il formulario dell'avversario (arbitro reconcile)"
        ),
    ))
}

/// `unreadable-move` where the game's search for slips is spent: `readings` of `at` fit,
/// not weighed, and the replay stops.
pub fn unreadable_at_limit(at: &str, readings: &[String]) -> Finding {
    let (shown, more) = (readings.len().min(12), readings.len().saturating_sub(12));
    let list = readings[..shown].join(", ");
    let (en_more, it_more) = match more {
        0 => (String::new(), String::new()),
        n => (format!(" and {n} more"), format!(" e altre {n}")),
    };
    said(
        Code::UnreadableMove,
        format!(
            "{at} cannot be filled in: {} readings fit ({list}{en_more}), and the search for the moves meant reached its limit in this game: the replay stops here",
            readings.len()
        ),
        format!(
            "{at} non si può completare: si adattano {} letture ({list}{it_more}), e la ricerca delle mosse volute ha raggiunto il suo limite in questa partita: la verifica si ferma qui",
            readings.len()
        ),
    )
    .labelled(bi("several moves fit", "si adattano più mosse"))
    .proposing(readings.to_vec())
}

/// `illegal-move`: the move `at`, with an unreadable character, fits no legal move.
pub fn fits_no_legal_move(at: &str) -> Finding {
    said(
        Code::IllegalMove,
        format!("{at} fits no legal move"),
        format!("{at} non corrisponde a nessuna mossa legale"),
    )
    .labelled(bi("no legal move fits", "nessuna mossa legale corrisponde"))
}

/// `tag-case`: the tag `name` is the known tag `known` in another case (PGN 8.1.1).
pub fn tag_case(name: &str, known: &str) -> Finding {
    said(
        Code::TagCase,
        format!(
            "`{name}` is not the tag `{known}`: tag names are case-sensitive, and it is not read"
        ),
        format!(
            "`{name}` non è il tag `{known}`: i nomi dei tag distinguono maiuscole e minuscole, e non viene letto"
        ),
    )
    .labelled(bi(format!("write `{known}`"), format!("scrivi `{known}`")))
    .hinted(bi(
        format!("did you mean [{known} \"…\"]?"),
        format!("intendevi [{known} \"…\"]?"),
    ))
    .rule("PGN 8.1.1")
}

/// `unsupported-variant`: the game is of the variant `name`, whose rules are not checked.
pub fn unsupported_variant(name: &str) -> Finding {
    said(
        Code::UnsupportedVariant,
        format!("the game is {name}, whose rules arbitro does not check: no move was judged"),
        format!(
            "la partita è {name}, le cui regole arbitro non controlla: nessuna mossa è stata giudicata"
        ),
    )
    .labelled(bi("variant not supported", "variante non supportata"))
    .hinted(bi(
        "arbitro checks chess and Chess960",
        "arbitro controlla gli scacchi e lo Chess960",
    ))
}

/// `illegal-move-in-variation`: in a variation, `word` is not legal (PGN 8.2.5).
pub fn illegal_in_variation(word: &str) -> Finding {
    said(
        Code::IllegalMoveInVariation,
        format!(
            "in a variation, `{word}` is not a legal move: a variation is not the game, but a wrong one is a transcription mistake"
        ),
        format!(
            "in una variante, `{word}` non è una mossa legale: una variante non è la partita, ma una sbagliata è un errore di trascrizione"
        ),
    )
    .labelled(bi("not legal here", "qui non è legale"))
    .rule("PGN 8.2.5")
}
