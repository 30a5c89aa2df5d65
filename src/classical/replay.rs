//! Replays a classical game and reports what is wrong with it.
//!
//! Each written move must match exactly one legal move (FIDE Laws, Article 3); the marks
//! `x`, `+`, `#` are optional (seed 003) and are checked against what the move does. The
//! board decides the end of the game (Articles 5 and 9): checkmate, stalemate, dead
//! position, fivefold repetition and the 75-move rule end it; threefold repetition and the
//! 50-move rule only allow a claim, reported at the first ply where it was possible.

use super::explain::{self, numbered};
use super::matcher::{self, has_legal_move};
use crate::finding::{Code, Finding};
use crate::notation::classical::{GameResult, RawGame, TokenKind};
use crate::notation::san::{CheckMark, Notation, Written, WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Move, Position, PositionErrorKinds, Role};

/// What the replay does after a word the notation cannot read.
enum Reread {
    /// It is a move after all, written another way.
    Move(WrittenMove),
    /// Reported; the replay goes on.
    Skip,
    /// Reported; the replay stops.
    Stop,
}

/// How to read a game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Force the notation instead of detecting it per game.
    pub notation: Option<Notation>,
}

/// How the board ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is mated; the other colour wins (Article 5.1.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (Article 5.2.1).
    Stalemate,
    /// Neither side can mate (Article 5.2.2; shakmaty's insufficient material).
    DeadPosition,
    /// The same position for the fifth time (Article 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or a pawn move (Article 9.6.2).
    SeventyFiveMoves,
}

impl Ending {
    /// The result the board gives.
    pub fn result(self) -> GameResult {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Ending::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }

    /// A short description.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition => "a dead position",
            Ending::FivefoldRepetition => "fivefold repetition",
            Ending::SeventyFiveMoves => "the 75-move rule",
        }
    }

    /// How the game ended, in Italian ("scacco matto", "stallo", …).
    pub fn describe_it(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "scacco matto",
            Ending::Stalemate => "stallo",
            Ending::DeadPosition => "posizione morta",
            Ending::FivefoldRepetition => "quintupla ripetizione",
            Ending::SeventyFiveMoves => "regola delle 75 mosse",
        }
    }

    /// The FIDE article.
    pub fn rule(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "FIDE 5.1.1",
            Ending::Stalemate => "FIDE 5.2.1",
            Ending::DeadPosition => "FIDE 5.2.2",
            Ending::FivefoldRepetition => "FIDE 9.6.1",
            Ending::SeventyFiveMoves => "FIDE 9.6.2",
        }
    }
}

/// What the replay of one game found.
#[derive(Debug, Clone)]
pub struct Replay {
    /// 1-based index of the game in its file.
    pub number: usize,
    /// The notation the game was read in.
    pub notation: Notation,
    /// The starting position.
    pub start: Chess,
    /// The main line as replayed (moves taken back by a jolly removed).
    pub moves: Vec<Move>,
    /// The position after the last replayed move.
    pub position: Chess,
    /// Every finding, in the order met.
    pub findings: Vec<Finding>,
    /// How the board ended the game, if it did, and after how many plies.
    pub ending: Option<(Ending, u32)>,
    /// The result declared by the sheet.
    pub declared: Option<GameResult>,
    /// The result the replay supports: the board's decision, else the declared result.
    pub result: GameResult,
    /// The replay went through the whole main line (no error stopped it).
    pub complete: bool,
}

impl Replay {
    /// True iff no finding is an error.
    pub fn is_valid(&self) -> bool {
        !self
            .findings
            .iter()
            .any(|f| f.severity() == crate::finding::Severity::Error)
    }
}

thread_local! {
    /// The repetition window's buffer, kept for the thread's next game (an archive holds a
    /// great many games).
    static WINDOW: std::cell::Cell<Vec<Board>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A position to go back to when a jolly takes moves back.
#[derive(Clone)]
struct Snapshot {
    pos: Chess,
    window: Vec<Board>,
    ending: Option<(Ending, u32)>,
    gave_mate: bool,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The side in Italian, as a sentence names it ("il Bianco").
fn side_name_it(c: Color) -> &'static str {
    match c {
        Color::White => "il Bianco",
        Color::Black => "il Nero",
    }
}

/// The legal move `written` names by shakmaty's candidates, or the finding that explains why
/// there is none (not legal, ambiguous, a promotion missing or impossible, FIDE 3.7.5).
fn shakmaty_move(
    pos: &Chess,
    written: &WrittenMove,
    word: &str,
    notation: Notation,
) -> Result<Move, Box<Finding>> {
    match written.kind {
        Written::Castle(side) => match pos.castling_moves(side).first() {
            Some(&m) => Ok(m),
            None => Err(Box::new(explain::illegal(pos, written, word, notation))),
        },
        Written::Normal {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            let mut cands = pos.san_candidates(role, to);
            cands.retain(|m| {
                let from = m.from().expect("board moves have an origin");
                file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
            });
            let promotes = cands.iter().any(|m| m.promotion().is_some());
            match promotion {
                Some(p) if !promotes || matches!(p, Role::King | Role::Pawn) => {
                    if cands.is_empty() {
                        Err(Box::new(explain::illegal(pos, written, word, notation)))
                    } else {
                        Err(Box::new(wrong_promotion(pos, word, p, promotes)))
                    }
                }
                Some(p) => {
                    cands.retain(|m| m.promotion() == Some(p));
                    explain::unique(pos, &cands, written, word, notation)
                }
                None if promotes => Err(Box::new(missing_promotion(pos, word, notation))),
                None => explain::unique(pos, &cands, written, word, notation),
            }
        }
    }
}

/// The `wrong-promotion` finding: a promotion written where none can be made, or to a
/// piece a pawn cannot become (FIDE 3.7.5).
fn wrong_promotion(pos: &Chess, word: &str, p: Role, promotes: bool) -> Finding {
    let (why, why_it) = if promotes {
        (
            format!("a pawn cannot be promoted to a {}", explain::role_name(p)),
            format!(
                "un pedone non può essere promosso a {}",
                explain::role_name_it(p)
            ),
        )
    } else {
        (
            "this move does not reach the last rank".to_string(),
            "questa mossa non arriva all'ultima traversa".to_string(),
        )
    };
    Finding::new(
        Code::WrongPromotion,
        format!("{} names a promotion it cannot make", numbered(pos, word)),
    )
    .it(format!(
        "{} indica una promozione impossibile",
        numbered(pos, word)
    ))
    .label2(why, why_it)
    .rule("FIDE 3.7.5")
}

/// The `missing-promotion` finding: a pawn reaches the last rank and the piece it becomes
/// is not written (FIDE 3.7.5).
fn missing_promotion(pos: &Chess, word: &str, notation: Notation) -> Finding {
    Finding::new(
        Code::MissingPromotion,
        format!(
            "{} reaches the last rank but names no piece",
            numbered(pos, word)
        ),
    )
    .it(format!(
        "{} arriva all'ultima traversa ma non dice il pezzo",
        numbered(pos, word)
    ))
    .label2(
        "which piece does the pawn become?",
        "in quale pezzo si promuove il pedone?",
    )
    .hint2(
        format!(
            "write the piece, e.g. {}={}",
            word.trim_end_matches(['+', '#', '!', '?']),
            notation.letter(Role::Queen)
        ),
        format!(
            "scrivi il pezzo, per esempio {}={}",
            word.trim_end_matches(['+', '#', '!', '?']),
            notation.letter(Role::Queen)
        ),
    )
    .rule("FIDE 3.7.5")
}

/// A move just played, as the findings on it name it.
#[derive(Debug, Clone, Copy)]
struct MoveAt<'a> {
    word: &'a str,
    span: Span,
    mover: Color,
    number: u32,
    ply: u32,
    /// The check mark written.
    check: CheckMark,
}

impl MoveAt<'_> {
    /// A finding about this move, placed on it (sheet, move number, ply, span).
    fn place(&self, f: Finding) -> Finding {
        f.at(self.span).on_sheet(self.mover, self.number, self.ply)
    }

    /// `3.Dh5` or `3...Cf6`; built only when a finding needs it.
    fn label(&self) -> String {
        if self.mover == Color::White {
            format!("{}.{}", self.number, self.word)
        } else {
            format!("{}...{}", self.number, self.word)
        }
    }
}

struct Replayer<'r, 'a> {
    raw: &'r RawGame<'a>,
    notation: Notation,
    pos: Chess,
    /// The boards since the last irreversible move (FIDE 9.2.3: a position can only repeat
    /// among these; castling rights are the same for all of them, and an en-passant right
    /// can only belong to the first, which the next move always ends).
    window: Vec<Board>,
    snapshots: Vec<Snapshot>,
    moves: Vec<Move>,
    findings: Vec<Finding>,
    ending: Option<(Ending, u32)>,
    after_end_warned: bool,
    threefold_reported: bool,
    fifty_reported: bool,
    gave_mate: bool,
    /// The side to move is in check (kept from the last move's marks).
    in_check: bool,
    /// A check whose mate test waits for the next move: where its mark finding goes, and
    /// the move.
    pending: Option<(usize, MoveAt<'a>)>,
    jolly_used: [bool; 2],
    /// Positions are kept for a jolly only in games that use one.
    keep_snapshots: bool,
    /// The sheet's move number less the position's (formats.md section 4).
    offset: i64,
    /// A move number was seen in the main line.
    numbered: bool,
    /// A `move-number-mismatch` finding was given.
    jumped: bool,
    /// Other forms already noted (`forms::Form::bit`).
    forms: u8,
    /// The line of the last word skipped as no move at all (one finding a line).
    junk_line: Option<u32>,
}

impl<'a> Replayer<'_, 'a> {
    fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// A finding about the move about to be played (or just played, `done`).
    fn at_move(&self, mut f: Finding, at: &MoveAt<'_>) -> Finding {
        if self.offset != 0 {
            self.renumber_message(&mut f, at.number);
        }
        at.place(f)
    }

    /// A message that names the move by the position's number (`2.Ke3`) names it by the
    /// sheet's (`18.Ke3`). Out of line: only sheets numbered from elsewhere.
    #[cold]
    #[inline(never)]
    fn renumber_message(&self, f: &mut Finding, number: u32) {
        let own = format!("{}.", i64::from(number) - self.offset);
        f.edit_message(|m| m.strip_prefix(&own).map(|rest| format!("{number}.{rest}")));
    }

    /// The starting position: the `FEN` tag's (PGN 9.7), in Chess960's castling mode for a
    /// Chess960 game or a FEN whose castling rights name rooks off the corners (X-FEN,
    /// Shredder-FEN). Castling rights the position cannot have are dropped, with a warning.
    fn start_position(&mut self, chess960: bool) -> Result<(), Box<Finding>> {
        let Some(fen) = self.raw.tag("FEN") else {
            return Ok(());
        };
        let span = self.raw.tag_span("FEN").unwrap_or_default();
        let bad = |why: String| {
            Box::new(
                Finding::new(
                    Code::ParseError,
                    format!("the FEN tag is not a legal position: {why}"),
                )
                .it(format!("il tag FEN non dà una posizione legale: {why}"))
                .at(span)
                .rule("PGN 9.7"),
            )
        };
        let fen: Fen = fen.trim().parse().map_err(|e| bad(format!("{e}")))?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let pos = match fen.clone().into_position::<Chess>(mode) {
            Ok(pos) => pos,
            Err(e) => {
                let castling = e
                    .kinds()
                    .contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS);
                match fen.into_position::<Chess>(CastlingMode::Chess960) {
                    Ok(pos) if castling => pos,
                    _ => {
                        // An en-passant square no pawn could take on is dropped quietly,
                        // as FEN writers often give one after every double step.
                        let e = match e.ignore_invalid_ep_square() {
                            Ok(pos) => {
                                self.pos = pos;
                                return Ok(());
                            }
                            Err(e) => e,
                        };
                        let pos = e
                            .ignore_invalid_castling_rights()
                            .map_err(|e| bad(format!("{e}")))?;
                        self.findings.push(
                            Finding::new(
                                Code::CastlingRightsDropped,
                                "the FEN tag gives castling rights the position cannot have (no king or rook on its square): they are dropped",
                            )
                            .it("il tag FEN dà diritti di arrocco che la posizione non può avere (re o torre non sulla casa d'origine): non se ne tiene conto")
                            .at(span)
                            .label2("castling rights dropped", "diritti di arrocco tolti")
                            .rule("FIDE 3.8.2"),
                        );
                        pos
                    }
                }
            }
        };
        self.pos = pos;
        Ok(())
    }

    /// The move number written on the sheet for the move about to be played: the
    /// position's own number moved by the sheet's numbering (formats.md section 4).
    #[inline]
    fn sheet_number(&self) -> u32 {
        let n = i64::from(self.pos.fullmoves().get()) + self.offset;
        n.clamp(1, i64::from(u32::MAX)) as u32
    }

    /// A move number in the main line: checked against the moves played.
    #[inline]
    fn move_number(&mut self, number: u32, span: Span) {
        if !self.numbered || number != self.sheet_number() {
            self.renumber(number, span);
        }
    }

    /// The first move number, or one that does not follow: a game that starts past move 1
    /// without a FEN, a jump (a `move-number-mismatch` warning each); the sheet's numbering is
    /// followed from there. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn renumber(&mut self, number: u32, span: Span) {
        let first = !std::mem::replace(&mut self.numbered, true);
        let expected = self.sheet_number();
        if number == expected {
            return;
        }
        self.offset = i64::from(number) - i64::from(self.pos.fullmoves().get());
        let ply = self.ply();
        let color = self.pos.turn();
        if std::mem::replace(&mut self.jumped, true) {
            return; // one jump reported a game: the sheet's numbering is followed anyway
        }
        let f = if first && ply == 0 {
            if self.raw.tag("FEN").is_some() {
                return; // the sheet numbers from its own position
            }
            Finding::new(
                Code::MoveNumberMismatch,
                format!("the game starts at move {number} from the initial position"),
            )
            .it(format!(
                "la partita comincia alla mossa {number} dalla posizione iniziale"
            ))
            .label2(
                format!("move {number}, not 1"),
                format!("mossa {number}, non 1"),
            )
            .hint2(
                "a [FEN] / [SetUp] tag is missing?",
                "manca un tag [FEN] / [SetUp]?",
            )
        } else {
            Finding::new(
                Code::MoveNumberMismatch,
                format!("move {number} is written where move {expected} was due"),
            )
            .it(format!(
                "è scritta la mossa {number} dove toccava la mossa {expected}"
            ))
            .label2("the numbering jumps", "la numerazione salta")
        };
        let f = f.rule("FIDE C.3").at(span).on_sheet(color, number, ply);
        self.findings.push(f);
    }

    /// An `info` finding on a move written in another form than the plain one, once per
    /// game and form.
    #[cold]
    #[inline(never)]
    fn note_form(&mut self, form: super::forms::Form, span: Span, word: &str) {
        if self.forms & form.bit() != 0 {
            return;
        }
        self.forms |= form.bit();
        let f = Finding::new(
            Code::NonStandardNotation,
            format!(
                "`{word}` is written in another form ({}): read as the plain move",
                form.describe()
            ),
        )
        .it(format!(
            "`{word}` è scritta in un'altra forma ({}): letta come la mossa semplice",
            form.describe_it()
        ))
        .at(span)
        .label2(form.describe(), form.describe_it())
        .rule("FIDE C");
        self.findings.push(f);
    }

    /// A move the notation cannot read: another spelling of a move (figurines, lower-case
    /// castling or promotion), a null move, a word that is no move at all (skipped, so the
    /// rest is still checked), or a move that cannot be read (the replay stops). Out of
    /// line: rare.
    #[cold]
    #[inline(never)]
    fn reread(&mut self, at: &MoveAt<'_>, offset: usize) -> Reread {
        use super::forms;
        let (word, span) = (at.word, at.span);
        if let Some((plain, form)) = forms::other_spelling(word, self.notation)
            && let Ok(w) = parse_move(&plain, self.notation)
        {
            self.note_form(form, span, word);
            return Reread::Move(w);
        }
        if forms::is_null_move(word) {
            return self.null_move(at);
        }
        if forms::is_ascii_glyph(word) {
            return Reread::Skip;
        }
        if forms::is_punctuation(word) {
            let f = Finding::new(
                Code::StrayResult,
                format!("`{word}` is no move (a forfeit mark?): passed over"),
            )
            .it(format!(
                "`{word}` non è una mossa (un segno di forfait?): saltata"
            ))
            .at(span)
            .label2("not a move", "non è una mossa")
            .rule("PGN 8.2.6");
            self.findings.push(f);
            return Reread::Skip;
        }
        let junk = !forms::looks_like_move(word);
        if junk && self.junk_line == Some(span.line) {
            return Reread::Skip;
        }
        self.unreadable(at, offset);
        if junk {
            self.junk_line = Some(span.line);
            Reread::Skip
        } else {
            Reread::Stop
        }
    }

    /// A null move (`--`, `Z0`): an error, since a player must move (FIDE 1.2); the turn
    /// passes, so that the rest of the sheet is still checked.
    fn null_move(&mut self, at: &MoveAt<'_>) -> Reread {
        let word = at.word;
        self.settle(false);
        let f = Finding::new(
            Code::IllegalMove,
            format!("`{word}` is a null move: a player cannot pass"),
        )
        .it(format!(
            "`{word}` è una mossa nulla: un giocatore non può passare"
        ))
        .label2("null move", "mossa nulla")
        .rule("FIDE 1.2");
        let f = self.at_move(f, at);
        self.findings.push(f);
        match self.pos.clone().swap_turn() {
            Ok(pos) => {
                self.pos = pos;
                if at.mover == Color::Black {
                    self.offset += 1; // the position's number did not move on
                }
                self.in_check = false;
                self.window.clear();
                Reread::Skip
            }
            Err(_) => Reread::Stop,
        }
    }

    fn play_written(&mut self, word: &'a str, span: Span, ep_after: bool) -> bool {
        let mut at = MoveAt {
            word,
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply: self.ply() + 1,
            check: CheckMark::None,
        };
        let mut written = match parse_move(word, self.notation) {
            Ok(w) => w,
            Err(e) => match self.reread(&at, e.offset) {
                Reread::Move(w) => w,
                Reread::Skip => return true,
                Reread::Stop => return false,
            },
        };
        written.ep |= ep_after;
        at.check = written.check;
        if let Some((ending, ended_at)) = self.ending
            && !self.after_end_warned
            && !matches!(ending, Ending::Checkmate { .. } | Ending::Stalemate)
        {
            self.after_end(ending, ended_at, &at);
        }
        let m = match self.find_move(&written, &at) {
            Some(m) => m,
            None => return false,
        };
        self.settle(true);
        self.check_capture_mark(&written, m, &at);
        if self.keep_snapshots {
            self.snapshot();
        }
        let irreversible = self.pos.is_irreversible(m);
        self.pos.play_unchecked(m);
        self.moves.push(m);
        self.after_move(m, irreversible, &at);
        true
    }

    /// The `parse-error` finding on a move that cannot be read (stopped at byte `offset`
    /// of `word`). Out of line: rare.
    #[cold]
    #[inline(never)]
    fn unreadable(&mut self, move_at: &MoveAt<'_>, offset: usize) {
        let (word, span) = (move_at.word, move_at.span);
        let at = Span {
            start: span.start + offset,
            end: span.end,
            line: span.line,
            column: span.column + word[..offset].chars().count() as u32,
        };
        let f = Finding::new(
            Code::ParseError,
            format!(
                "`{word}` is not a move in {} notation",
                match self.notation {
                    Notation::Italian => "Italian",
                    Notation::English => "English",
                }
            ),
        )
        .it(format!(
            "`{word}` non è una mossa in notazione {}",
            match self.notation {
                Notation::Italian => "italiana",
                Notation::English => "inglese",
            }
        ))
        .label2("cannot read from here", "illeggibile da qui")
        .rule("FIDE C");
        let f = match explain::syntax_hint(word, self.notation) {
            Some((en, it)) => f.hint2(en, it),
            None => f,
        };
        let f = self.at_move(
            f,
            &MoveAt {
                span: at,
                ..*move_at
            },
        );
        self.settle(false);
        self.findings.push(f);
    }

    /// The warning on the first move played after the game ended (other than by mate or
    /// stalemate, which make every later move illegal). Out of line: rare.
    #[cold]
    #[inline(never)]
    fn after_end(&mut self, ending: Ending, at: u32, move_at: &MoveAt<'_>) {
        let word = move_at.word;
        self.after_end_warned = true;
        let f = Finding::new(
            Code::MoveAfterEnd,
            format!(
                "{} is played after the game ended by {} at ply {at}",
                numbered(&self.pos, word),
                ending.describe()
            ),
        )
        .it(format!(
            "{} è giocata dopo che la partita era finita per {} alla semimossa {at}",
            numbered(&self.pos, word),
            ending.describe_it()
        ))
        .label2("the game was already over", "la partita era già finita")
        .rule(ending.rule());
        let f = self.at_move(f, move_at);
        self.findings.push(f);
    }

    /// Keeps the position for a jolly to go back to.
    #[cold]
    #[inline(never)]
    fn snapshot(&mut self) {
        self.snapshots.push(Snapshot {
            pos: self.pos.clone(),
            window: self.window.clone(),
            ending: self.ending,
            gave_mate: self.gave_mate,
        });
    }

    fn find_move(&mut self, written: &WrittenMove, at: &MoveAt<'_>) -> Option<Move> {
        if let Some(m) = matcher::quick(&self.pos, &written.kind, self.in_check) {
            debug_assert_eq!(
                Some(m),
                matcher::by_shakmaty(&self.pos, &written.kind),
                "{}",
                at.word
            );
            return Some(m);
        }
        self.find_move_by_shakmaty(written, at)
    }

    /// [`Self::find_move`] when the quick matcher does not answer: shakmaty's candidates,
    /// and the finding that explains a move that is not legal. Out of line: rare.
    #[inline(never)]
    fn find_move_by_shakmaty(&mut self, written: &WrittenMove, at: &MoveAt<'_>) -> Option<Move> {
        let (word, span) = (at.word, at.span);
        let found = shakmaty_move(&self.pos, written, word, self.notation);
        match found {
            Ok(m) => Some(m),
            Err(f)
                if f.code == Code::IllegalMove
                    && let Some((m, form)) = super::forms::other_move(&self.pos, written) =>
            {
                let _ = f;
                self.note_form(form, span, word);
                Some(m)
            }
            Err(mut f) => {
                self.settle(false);
                if f.code == Code::IllegalMove && self.pos.legal_moves().is_empty() {
                    let (ending, at) = self.ending.unwrap_or_else(|| {
                        let ending = if self.pos.is_check() {
                            Ending::Checkmate {
                                winner: !self.pos.turn(),
                            }
                        } else {
                            Ending::Stalemate
                        };
                        (ending, self.moves.len() as u32)
                    });
                    let written = numbered(&self.pos, word);
                    *f = Finding::new2(
                            f.code,
                            format!(
                                "{written} is played after the game ended by {} at ply {at}",
                                ending.describe()
                            ),
                            format!(
                                "{written} è giocata dopo che la partita era finita per {} alla semimossa {at}",
                                ending.describe_it()
                            ),
                        )
                        .label2("no move is legal here", "qui nessuna mossa è legale")
                        .rule(ending.rule());
                }
                let f = self.at_move(*f, at);
                self.findings.push(f);
                None
            }
        }
    }

    fn check_capture_mark(&mut self, written: &WrittenMove, m: Move, at: &MoveAt<'_>) {
        let word = at.word;
        let f = match (written.capture.is_some(), m.is_capture()) {
            (true, false) => Some(
                Finding::new(
                    Code::WrongCaptureMark,
                    format!(
                        "{} is marked as a capture but takes nothing",
                        numbered(&self.pos, word)
                    ),
                )
                .it(format!(
                    "{} è segnata come presa ma non prende nulla",
                    numbered(&self.pos, word)
                ))
                .label2("nothing stands on this square", "questa casa è vuota")
                .hint2("remove the `x`", "togli la `x`"),
            ),
            (false, true) if !matches!(written.kind, Written::Castle(_)) => Some(
                Finding::new(
                    Code::MissingCaptureMark,
                    format!(
                        "{} captures without the `x` mark",
                        numbered(&self.pos, word)
                    ),
                )
                .it(format!(
                    "{} prende senza il segno `x`",
                    numbered(&self.pos, word)
                ))
                .label2("a capture", "una presa"),
            ),
            _ => None,
        };
        let f = f.or_else(|| {
            (written.ep && !m.is_en_passant()).then(|| {
                Finding::new(
                    Code::WrongCaptureMark,
                    format!(
                        "{} is marked e.p. but is not an en-passant capture",
                        numbered(&self.pos, word)
                    ),
                )
                .it(format!(
                    "{} è segnata e.p. ma non è una presa en passant",
                    numbered(&self.pos, word)
                ))
                .label2("not en passant", "non è en passant")
            })
        });
        if let Some(f) = f {
            let f = self.at_move(f.rule("FIDE C.9"), at);
            self.findings.push(f);
        }
    }

    fn after_move(&mut self, m: Move, irreversible: bool, at: &MoveAt<'a>) {
        let check = self.pos.is_check();
        self.in_check = check;
        if !check && at.check == CheckMark::None {
            // The common case: nothing to say about marks, no mate.
            self.gave_mate = false;
        } else if check && self.pos.halfmoves() < 100 {
            // Is it mate? A legal reply will say no without generating every legal move;
            // otherwise `settle` asks shakmaty. (From 100 half-moves on, the claims below
            // must know now.)
            self.pending = Some((self.findings.len(), *at));
            self.gave_mate = false;
        } else {
            let mate = check && self.pos.legal_moves().is_empty();
            let over = self.ending.is_some();
            self.mark(at, check, mate, None);
            if mate && !over {
                return;
            }
        }
        if irreversible {
            self.window.clear();
        }
        if (m.is_capture() || m.is_promotion()) && self.pos.is_insufficient_material() {
            self.ending.get_or_insert((Ending::DeadPosition, at.ply));
        }
        if self.ending.is_some() {
            // Over already: claims and ends no longer matter, and the window could grow
            // without bound (keeps long lines linear).
            return;
        }
        // The same position needs the same side to move: look at every other board. The
        // window is at most 150 plies long, since the 75-move rule ends the game there.
        let board = self.pos.board();
        let mut seen = 1;
        let mut i = self.window.len();
        while i >= 2 {
            i -= 2;
            let w = &self.window[i];
            seen += usize::from(w.occupied() == board.occupied() && w == board);
        }
        self.window.push(board.clone());
        let halfmoves = self.pos.halfmoves();
        if seen >= 3 || halfmoves >= 100 {
            self.claims(at, seen, halfmoves);
        }
    }

    /// The draw claims a position allows (FIDE 9.2, 9.3), each reported once, and the
    /// draws that need no claim (9.6: fivefold repetition, 75 moves). Out of line: rare.
    #[cold]
    #[inline(never)]
    fn claims(&mut self, at: &MoveAt<'a>, seen: usize, halfmoves: u32) {
        // One `claim-possible` finding: "after 12.Cf3 <what happened>: a draw could be
        // claimed".
        let claim = |what: [&str; 2], label: [&'static str; 2], rule: &'static str| {
            let en = format!("after {} {}: a draw could be claimed", at.label(), what[0]);
            let it = format!(
                "dopo {} {}: si poteva chiedere la patta",
                at.label(),
                what[1]
            );
            let f = Finding::new2(Code::ClaimPossible, en, it)
                .label2(label[0], label[1])
                .rule(rule);
            at.place(f)
        };
        if seen >= 3 && !self.threefold_reported {
            self.threefold_reported = true;
            let f = claim(
                [
                    "the same position stands for the third time",
                    "la stessa posizione si ripete per la terza volta",
                ],
                ["threefold repetition", "triplice ripetizione"],
                "FIDE 9.2",
            );
            self.findings.push(f);
        }
        if seen >= 5 {
            self.ending
                .get_or_insert((Ending::FivefoldRepetition, at.ply));
        }
        if halfmoves >= 100 && !self.fifty_reported {
            self.fifty_reported = true;
            let f = claim(
                [
                    "fifty moves by each side have passed without a capture or a pawn move",
                    "sono passate cinquanta mosse per parte senza prese né mosse di pedone",
                ],
                ["fifty-move rule", "regola delle cinquanta mosse"],
                "FIDE 9.3",
            );
            self.findings.push(f);
        }
        if halfmoves >= 150 {
            self.ending
                .get_or_insert((Ending::SeventyFiveMoves, at.ply));
        }
    }

    /// The finding on a move's check mark, if any, at `index` in the findings (or last);
    /// a mate also ends the game (FIDE 5.1.1).
    fn mark(&mut self, at: &MoveAt<'a>, check: bool, mate: bool, index: Option<usize>) {
        self.gave_mate = mate;
        if mate && self.ending.is_none() {
            self.ending = Some((Ending::Checkmate { winner: at.mover }, at.ply));
        }
        let mark = match (at.check, check, mate) {
            (CheckMark::Mate, _, true) | (CheckMark::Check, true, false) => None,
            (CheckMark::None, true, false) => Some(
                Finding::new(
                    Code::MissingCheckMark,
                    format!("{} gives check without the `+` mark", at.label()),
                )
                .it(format!("{} dà scacco senza il segno `+`", at.label()))
                .label2("check", "scacco"),
            ),
            (_, _, true) => Some(
                Finding::new(
                    Code::MissingMateMark,
                    format!("{} gives mate without the `#` mark", at.label()),
                )
                .it(format!("{} dà scacco matto senza il segno `#`", at.label()))
                .label2("mate", "scacco matto"),
            ),
            (CheckMark::Mate, true, false) => Some(
                Finding::new(
                    Code::WrongMateMark,
                    format!(
                        "{} is marked as mate but the king can escape or be shielded",
                        at.label()
                    ),
                )
                .it(format!(
                    "{} è segnata come matto ma il re può fuggire o essere coperto",
                    at.label()
                ))
                .label2("check, not mate", "scacco, non matto"),
            ),
            (CheckMark::Mate, false, _) => Some(
                Finding::new(
                    Code::WrongMateMark,
                    format!("{} is marked as mate but gives no check", at.label()),
                )
                .it(format!(
                    "{} è segnata come matto ma non dà scacco",
                    at.label()
                ))
                .label2("no check here", "qui non c'è scacco"),
            ),
            (CheckMark::Check, false, _) => Some(
                Finding::new(
                    Code::WrongCheckMark,
                    format!("{} is marked as check but gives none", at.label()),
                )
                .it(format!(
                    "{} è segnata come scacco ma non dà scacco",
                    at.label()
                ))
                .label2("no check here", "qui non c'è scacco"),
            ),
            (CheckMark::None, false, _) => None,
        };
        if let Some(f) = mark {
            let f = at.place(f.rule("FIDE C.12"));
            let index = index.unwrap_or(self.findings.len());
            self.findings.insert(index, f);
        }
    }

    /// Decides a check whose mate test was left for later: `replied` when a legal reply was
    /// found (so it was not mate), else by asking shakmaty. Must run before the position
    /// after the checking move changes.
    fn settle(&mut self, replied: bool) {
        if let Some((index, at)) = self.pending.take() {
            let mate = !replied && !has_legal_move(&self.pos);
            self.mark(&at, true, mate, Some(index));
        }
    }

    fn jolly(&mut self, span: Span) {
        self.settle(false);
        // The jolly is played by the side to move: it takes back its own last move and
        // the opponent's reply (seed 002, section 3).
        let player = self.pos.turn();
        let number = self.pos.fullmoves().get();
        let ply = self.ply();
        let misuse = |why: String, it: String| {
            Finding::new2(Code::JollyMisuse, why, it)
                .at(span)
                .rule("Reg. 3 Jolly")
                .on_sheet(player, number, ply)
        };
        if self.moves.len() < 2 || self.snapshots.len() < 2 {
            let f = misuse(
                "a jolly takes back two moves, and there are not two to take back".into(),
                "il jolly ritira due mosse, e non ce ne sono due da ritirare".into(),
            )
            .label2("nothing to take back", "niente da ritirare");
            self.findings.push(f);
            return;
        }
        for [why, why_it, label, label_it] in self.jolly_misuses(player) {
            let f = misuse(why, why_it).label2(label, label_it);
            self.findings.push(f);
        }
        self.snapshots.pop();
        let s = self.snapshots.pop().expect("two snapshots");
        self.moves.truncate(self.moves.len() - 2);
        self.pos = s.pos;
        self.window = s.window;
        self.ending = s.ending;
        self.gave_mate = s.gave_mate;
        self.in_check = self.pos.is_check();
    }

    /// What is wrong with a jolly that has two moves to take back (seed 002, section 3): it is
    /// allowed in phase 1 only, once per player and game, and cannot take back a mate; each
    /// as its message and label, in English and in Italian. Notes the jolly as used.
    fn jolly_misuses(&mut self, player: Color) -> Vec<[String; 4]> {
        let mut out = Vec::new();
        let phase = self.raw.tag("Fase");
        if phase.map(str::trim) != Some("1") {
            out.push([
                format!(
                    "{} plays a jolly, but the jolly is allowed only in phase 1",
                    side_name(player)
                ),
                format!(
                    "{} gioca un jolly, ma il jolly è ammesso solo nella fase 1",
                    side_name_it(player)
                ),
                match phase {
                    Some(p) => format!("this game is in phase {p}"),
                    None => "this game has no [Fase \"1\"] tag".to_string(),
                },
                match phase {
                    Some(p) => format!("questa partita è della fase {p}"),
                    None => "questa partita non ha il tag [Fase \"1\"]".to_string(),
                },
            ]);
        }
        let idx = player as usize;
        if std::mem::replace(&mut self.jolly_used[idx], true) {
            out.push([
                format!(
                    "{} plays a second jolly in the same game (one per player per game)",
                    side_name(player)
                ),
                format!(
                    "{} gioca un secondo jolly nella stessa partita (uno per giocatore per partita)",
                    side_name_it(player)
                ),
                "second jolly".into(),
                "secondo jolly".into(),
            ]);
        }
        if self.gave_mate {
            out.push([
                format!(
                    "{} takes back a reply that gave mate, which the jolly cannot do",
                    side_name(player)
                ),
                format!(
                    "{} ritira una risposta che dava scacco matto, e il jolly non lo può fare",
                    side_name_it(player)
                ),
                "the reply was mate".into(),
                "la risposta era scacco matto".into(),
            ]);
        }
        out
    }
}

/// Replays one parsed game.
///
/// ```
/// use arbitro::classical::{replay, Options};
/// use arbitro::notation::classical::games;
/// let game = games("1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7#").next().unwrap();
/// let r = replay(&game, &Options::default());
/// let f = &r.findings[0];
/// assert_eq!((f.code.as_str(), f.ply, f.span.unwrap().column), ("illegal-move", Some(5), Some(22).unwrap()));
/// assert!(f.hint.as_deref().unwrap().contains("Dh5"));
/// ```
pub fn replay(raw: &RawGame<'_>, options: &Options) -> Replay {
    if let Some(n) = options.notation {
        return replay_in(raw, n);
    }
    let (notation, sure) = raw.notation_guess();
    let first = replay_in(raw, notation);
    if sure || first.is_valid() {
        return first;
    }
    other_alphabet(raw, first)
}

/// A game whose letters leave both alphabets open and that does not replay legally in
/// the first one: the other one wins when the game replays legally in it.
/// Out of line: rare.
#[cold]
#[inline(never)]
fn other_alphabet(raw: &RawGame<'_>, first: Replay) -> Replay {
    let other = match first.notation {
        Notation::Italian => Notation::English,
        Notation::English => Notation::Italian,
    };
    let second = replay_in(raw, other);
    if second.is_valid() { second } else { first }
}

/// [`replay`] in a given notation.
fn replay_in(raw: &RawGame<'_>, notation: Notation) -> Replay {
    let mut r = Replayer::new(raw, notation);
    // A syntax error does not stop the replay: the moves around it are still checked.
    let mut complete = true;
    super::forms::check_tag_names(raw, &mut r.findings);
    let variant = super::forms::variant(raw);
    if let super::forms::Variant::Other(name) = variant {
        r.findings.push(super::forms::unsupported(raw, name));
        complete = false;
    } else if let Err(f) = r.start_position(variant == super::forms::Variant::Chess960) {
        r.findings.push(*f);
        complete = false;
    }
    let start = r.pos.clone();
    // Unreadable characters (`_`), decided before the replay (formats.md §8).
    let plan = super::fill::plan(raw, notation, &start);
    r.in_check = r.pos.is_check();
    r.window.push(r.pos.board().clone());
    if complete {
        complete = r.play_main_line(&plan);
    }
    r.settle(false);
    if raw.has_variations() && !matches!(variant, super::forms::Variant::Other(_)) {
        super::forms::check_variations(raw, &start, notation, &mut r.findings);
    }
    if complete && r.ending.is_none() && !has_legal_move(&r.pos) {
        let ending = if r.pos.is_check() {
            Ending::Checkmate {
                winner: !r.pos.turn(),
            }
        } else {
            Ending::Stalemate
        };
        r.ending = Some((ending, r.ply()));
    }
    let declared = raw.declared_result();
    let result = r.check_result(declared, complete);
    if !complete {
        r.ending = None;
    }
    let mut window = r.window;
    window.clear();
    WINDOW.set(window);
    Replay {
        number: raw.number,
        notation,
        start,
        moves: r.moves,
        position: r.pos,
        findings: r.findings,
        ending: r.ending,
        declared,
        result,
        complete,
    }
}

impl<'r, 'a> Replayer<'r, 'a> {
    /// A replayer at the start of `raw`, before its set-up is read.
    fn new(raw: &'r RawGame<'a>, notation: Notation) -> Self {
        Replayer {
            raw,
            notation,
            pos: Chess::default(),
            window: WINDOW.take(),
            snapshots: Vec::new(),
            // No more moves than tokens: one allocation.
            moves: Vec::with_capacity(raw.tokens.len()),
            findings: if raw.errors.is_empty() {
                Vec::new()
            } else {
                raw.errors.clone()
            },
            ending: None,
            after_end_warned: false,
            threefold_reported: false,
            fifty_reported: false,
            gave_mate: false,
            in_check: false,
            pending: None,
            jolly_used: [false; 2],
            keep_snapshots: raw.tokens.iter().any(|t| t.kind == TokenKind::Jolly),
            offset: 0,
            numbered: false,
            jumped: false,
            forms: 0,
            junk_line: None,
        }
    }

    /// Plays the main line's moves from the start position, with the unreadable ones
    /// decided by `plan` (formats.md §8); `false` when a move could not be played (the
    /// replay stops there).
    fn play_main_line(&mut self, plan: &'a super::fill::Plan) -> bool {
        let tokens = &self.raw.tokens;
        let mut i = 0;
        while i < tokens.len() {
            let t = &tokens[i];
            i += 1;
            if t.depth > 0 {
                continue;
            }
            match t.kind {
                TokenKind::Move(word) => {
                    let ep_after = tokens
                        .get(i)
                        .is_some_and(|n| n.kind == TokenKind::EnPassant);
                    let word = if plan.any && super::fill::is_pattern(word) {
                        let (text, f) = super::fill::decide(
                            plan,
                            i - 1,
                            word,
                            t.span,
                            &self.pos,
                            self.ply() + 1,
                        );
                        self.findings.push(f);
                        match text {
                            Some(text) => text,
                            None => return false,
                        }
                    } else {
                        word
                    };
                    if !self.play_written(word, t.span, ep_after) {
                        return false;
                    }
                }
                TokenKind::MoveNumber { number, .. } => self.move_number(number, t.span),
                TokenKind::Jolly => self.jolly(t.span),
                _ => {}
            }
        }
        true
    }

    /// The game's result: the board's when the game ended on it, else the declared one;
    /// a `result-mismatch` finding when the tag and the movetext differ (PGN 8.2.6), or the
    /// sheet and the board (FIDE 5).
    fn check_result(&mut self, declared: Option<GameResult>, complete: bool) -> GameResult {
        let raw = self.raw;
        let mut result = declared.unwrap_or(GameResult::Unknown);
        let result_span = raw
            .terminator()
            .map(|(_, s)| s)
            .or_else(|| raw.tag_span("Result"));
        if let (Some(tag), Some((term, span))) = (
            raw.tag("Result").and_then(GameResult::parse),
            raw.terminator(),
        ) && tag != term
        {
            self.findings.push(
                Finding::new(
                    Code::ResultMismatch,
                    format!(
                        "the result tag says {} but the movetext ends with {}",
                        tag.as_str(),
                        term.as_str()
                    ),
                )
                .it(format!(
                    "il tag del risultato dice {} ma le mosse finiscono con {}",
                    tag.as_str(),
                    term.as_str()
                ))
                .at(span)
                .label2("differs from the tag", "diverso dal tag")
                .rule("PGN 8.2.6"),
            );
        }
        if complete && let Some((ending, ply)) = self.ending {
            let board = ending.result();
            if let Some(d) = declared
                && d != board
                && d != GameResult::Unknown
            {
                let mut f = Finding::new(
                    Code::ResultMismatch,
                    format!(
                        "the game ended by {} at ply {ply} ({}), but the sheet says {}",
                        ending.describe(),
                        board.as_str(),
                        d.as_str()
                    ),
                )
                .it(format!(
                    "la partita è finita per {} alla semimossa {ply} ({}), ma il formulario dice {}",
                    ending.describe_it(),
                    board.as_str(),
                    d.as_str()
                ))
                .label2(
                    format!("the board says {}", board.as_str()),
                    format!("la scacchiera dice {}", board.as_str()),
                )
                .rule(ending.rule());
                if let Some(s) = result_span {
                    f = f.at(s);
                }
                self.findings.push(f);
            }
            result = board;
        }
        result
    }
}
