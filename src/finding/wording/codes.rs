//! What each finding code means, in one line, in English and Italian, with the rule it rests
//! on (issue 32 point 4): the one source of `arbitro explain CODE` and of the codes the batch
//! summary lists. A unit test fails for a code without its gloss.
//!
//! ```
//! use arbitro::finding::Code;
//! use arbitro::finding::wording::codes::gloss;
//! let g = gloss(Code::WrongPen);
//! assert_eq!(g.rule, "R34");
//! assert!(g.text.it.contains("penna"));
//! ```

use crate::finding::Code;
use crate::lang::Bi;

/// A code's meaning: the rule it rests on and one line in each language.
#[derive(Debug, Clone, Copy)]
pub struct Gloss {
    /// The rule (`R34`, `FIDE 3`, `T4`, `formats.md §8`).
    pub rule: &'static str,
    /// What the code says, in one line.
    pub text: Bi<&'static str>,
}

const fn g(rule: &'static str, en: &'static str, it: &'static str) -> Gloss {
    Gloss {
        rule,
        text: Bi { en, it },
    }
}

/// Every code's gloss (one row a code; a test checks that every code has one).
const GLOSSES: &[(Code, Gloss)] = &[
    (
        Code::ParseError,
        g(
            "formats.md §1–§2",
            "a line or a word that cannot be read",
            "una riga o una parola che non si riesce a leggere",
        ),
    ),
    (
        Code::IllegalMove,
        g(
            "FIDE 3, R10–R24",
            "a move that is not legal in the position",
            "una mossa non regolare nella posizione",
        ),
    ),
    (
        Code::WrongPiece,
        g(
            "R11–R20",
            "the piece written cannot move that way",
            "il pezzo scritto non può muoversi così",
        ),
    ),
    (
        Code::ForbiddenSquare,
        g(
            "R11–R20",
            "the move ends on a square the piece may not enter",
            "la mossa finisce su una casa dove il pezzo non può entrare",
        ),
    ),
    (
        Code::PawnBackwards,
        g(
            "R11–R20",
            "a pawn moved backwards",
            "un pedone mosso all'indietro",
        ),
    ),
    (
        Code::BlockedPath,
        g(
            "R11–R20",
            "a piece stands in the way of the move",
            "un pezzo sbarra la strada alla mossa",
        ),
    ),
    (
        Code::AmbiguousMove,
        g(
            "FIDE C.9",
            "several legal moves fit what is written",
            "più mosse legali corrispondono a quanto scritto",
        ),
    ),
    (
        Code::MissingPromotion,
        g(
            "FIDE 3.7.5",
            "a pawn reaches the last rank and no piece is named",
            "un pedone arriva all'ultima traversa e non è indicato il pezzo",
        ),
    ),
    (
        Code::WrongPromotion,
        g(
            "FIDE 3.7.5",
            "a promotion written where none can be made",
            "una promozione scritta dove non se ne può fare",
        ),
    ),
    (
        Code::SheetMerge,
        g(
            "R32",
            "the eight sheets cannot be merged into one game",
            "gli otto fogli non si possono riunire in una partita",
        ),
    ),
    (
        Code::SheetNumbering,
        g(
            "R32",
            "a sheet's move numbers do not follow",
            "i numeri di mossa di un foglio non si susseguono",
        ),
    ),
    (
        Code::JollyMisuse,
        g(
            "seed 000, jolly",
            "the jolly used where the rules do not allow it",
            "il jolly usato dove le regole non lo permettono",
        ),
    ),
    (
        Code::BadSetup,
        g(
            "R7",
            "the set-up of the armies is not a valid one",
            "la disposizione degli eserciti non è valida",
        ),
    ),
    (
        Code::UnsupportedVariant,
        g(
            "PGN 9.6",
            "a game of a variant arbitro does not replay",
            "una partita di una variante che arbitro non rigioca",
        ),
    ),
    (
        Code::MissingMarker,
        g(
            "R33",
            "the move needs a marker (+, ++, ...) that is not written",
            "la mossa richiede un segno (+, ++, ...) che non è scritto",
        ),
    ),
    (
        Code::WrongMarker,
        g(
            "R33",
            "the marker written is not the one the move needs",
            "il segno scritto non è quello richiesto dalla mossa",
        ),
    ),
    (
        Code::SuperfluousMarker,
        g(
            "R33",
            "a marker written on a move that needs none",
            "un segno scritto su una mossa che non lo richiede",
        ),
    ),
    (
        Code::NonCanonicalMarker,
        g(
            "R33",
            "a marker written in another form than the rules'",
            "un segno scritto in una forma diversa da quella del regolamento",
        ),
    ),
    (
        Code::WrongCapturedPiece,
        g(
            "R36",
            "the captured piece written is not the one taken",
            "il pezzo catturato scritto non è quello preso",
        ),
    ),
    (
        Code::CaptureWrittenQuiet,
        g(
            "R36",
            "a capture written as a plain move",
            "una cattura scritta come mossa semplice",
        ),
    ),
    (
        Code::QuietWrittenCapture,
        g(
            "R36",
            "a plain move written as a capture",
            "una mossa semplice scritta come cattura",
        ),
    ),
    (
        Code::WrongEp,
        g(
            "R36",
            "en passant written where it is not, or missing where it is",
            "presa en passant scritta dove non c'è, o mancante dove c'è",
        ),
    ),
    (
        Code::WrongPen,
        g(
            "R34",
            "the move is written with the wrong pen colour",
            "la mossa è scritta con la penna del colore sbagliato",
        ),
    ),
    (
        Code::WrongCheckMark,
        g(
            "FIDE C.12",
            "a check mark on a move that gives no check",
            "un segno di scacco su una mossa che non dà scacco",
        ),
    ),
    (
        Code::WrongMateMark,
        g(
            "FIDE C.12",
            "a mate mark on a move that is not mate",
            "un segno di matto su una mossa che non dà matto",
        ),
    ),
    (
        Code::WrongCaptureMark,
        g(
            "FIDE C.9",
            "a capture mark on a move that captures nothing",
            "un segno di cattura su una mossa che non cattura",
        ),
    ),
    (
        Code::ResultMismatch,
        g(
            "FIDE 5, R43",
            "the result written differs from the board or the totals",
            "il risultato scritto non corrisponde alla scacchiera o ai totali",
        ),
    ),
    (
        Code::MoveAfterEnd,
        g(
            "FIDE 5",
            "a move written after the game had ended",
            "una mossa scritta dopo la fine della partita",
        ),
    ),
    (
        Code::Register,
        g(
            "R37–R43",
            "the judge's register names an unknown team or contradicts itself",
            "il registro del giudice nomina una squadra sconosciuta o si contraddice",
        ),
    ),
    (
        Code::NoPhase,
        g(
            "formats.md §7",
            "a game names no phase of the tournament",
            "una partita non indica una fase del torneo",
        ),
    ),
    (
        Code::NotInGroup,
        g(
            "T14",
            "the players of a game are not in one group",
            "i giocatori di una partita non sono nello stesso girone",
        ),
    ),
    (
        Code::DuplicatePair,
        g(
            "T17",
            "the same pair is recorded twice in a group",
            "la stessa coppia è registrata due volte in un girone",
        ),
    ),
    (
        Code::LotMismatch,
        g(
            "T12",
            "a recorded lot differs from the one the rules draw",
            "un sorteggio registrato differisce da quello previsto dalle regole",
        ),
    ),
    (
        Code::WrongGroupTag,
        g(
            "formats.md §7",
            "the group written in the game is not the players' group",
            "il girone scritto nella partita non è quello dei giocatori",
        ),
    ),
    (
        Code::LateInPhase1,
        g(
            "T13",
            "a phase-1 game played after the next phase was drawn",
            "una partita della fase 1 giocata dopo il sorteggio della fase successiva",
        ),
    ),
    (
        Code::UnderReview,
        g(
            "T14",
            "a game the arbiter must check before it counts",
            "una partita da verificare prima che conti",
        ),
    ),
    (
        Code::GroupSize,
        g(
            "T3",
            "a group of a size the plan does not foresee",
            "un girone di un numero di giocatori che il piano non prevede",
        ),
    ),
    (
        Code::StrayResult,
        g(
            "PGN 8.2.6",
            "a result or a sign where a move was expected",
            "un risultato o un segno dove ci si aspettava una mossa",
        ),
    ),
    (
        Code::BadTag,
        g(
            "PGN 8.1",
            "a tag that cannot be read",
            "un tag che non si riesce a leggere",
        ),
    ),
    (
        Code::MoveNumberMismatch,
        g(
            "FIDE C.3",
            "a move number that does not follow",
            "un numero di mossa che non segue il precedente",
        ),
    ),
    (
        Code::CastlingRightsDropped,
        g(
            "FIDE 3.8.2",
            "castling rights the position cannot have were dropped",
            "diritti di arrocco impossibili nella posizione sono stati tolti",
        ),
    ),
    (
        Code::TagCase,
        g(
            "PGN 8.1.1",
            "a tag name written in the wrong case",
            "il nome di un tag scritto con maiuscole e minuscole sbagliate",
        ),
    ),
    (
        Code::IllegalMoveInVariation,
        g(
            "PGN 8.2.5",
            "an illegal move inside a variation (the game itself is fine)",
            "una mossa non regolare dentro una variante (la partita è a posto)",
        ),
    ),
    (
        Code::MissingCaptureMark,
        g(
            "FIDE C.9",
            "a capture written without its x",
            "una cattura scritta senza la x",
        ),
    ),
    (
        Code::MissingCheckMark,
        g(
            "FIDE C.12",
            "a check written without its +",
            "uno scacco scritto senza il +",
        ),
    ),
    (
        Code::MissingMateMark,
        g(
            "FIDE C.12",
            "a mate written without its #",
            "uno scacco matto scritto senza il #",
        ),
    ),
    (
        Code::ClaimPossible,
        g(
            "FIDE 9.2–9.3",
            "a draw could have been claimed here",
            "qui si poteva reclamare la patta",
        ),
    ),
    (
        Code::Latin1Input,
        g(
            "formats.md §1",
            "the file is in Latin-1, not UTF-8: read as Latin-1",
            "il file è in Latin-1, non in UTF-8: letto come Latin-1",
        ),
    ),
    (
        Code::Unreadable,
        g(
            "formats.md §4",
            "the file cannot be read",
            "il file non si può leggere",
        ),
    ),
    (
        Code::EmptyInput,
        g("formats.md §4", "the file is empty", "il file è vuoto"),
    ),
    (
        Code::BinaryInput,
        g(
            "formats.md §4",
            "the file is not text",
            "il file non è testo",
        ),
    ),
    (
        Code::InternalError,
        g(
            "formats.md §4",
            "a bug in arbitro, contained to this game",
            "un difetto di arbitro, limitato a questa partita",
        ),
    ),
    (
        Code::NormalizedCharacter,
        g(
            "FIDE C",
            "a look-alike character read as the plain one",
            "un carattere simile letto come quello normale",
        ),
    ),
    (
        Code::NonStandardNotation,
        g(
            "FIDE C",
            "a move in another notation (long, coordinates, figurines) read as plain",
            "una mossa in un'altra notazione (lunga, coordinate, figurine) letta come normale",
        ),
    ),
    (
        Code::SheetsDiffer,
        g(
            "formats.md §8",
            "the two players' sheets differ at this move",
            "i formulari dei due giocatori differiscono a questa mossa",
        ),
    ),
    (
        Code::SheetGap,
        g(
            "formats.md §8",
            "one sheet skips moves the other has",
            "un formulario salta mosse che l'altro riporta",
        ),
    ),
    (
        Code::FilledUnreadable,
        g(
            "formats.md §8",
            "an unreadable move filled in from the game",
            "una mossa illeggibile ricostruita dalla partita",
        ),
    ),
    (
        Code::AmbiguousReconciliation,
        g(
            "FIDE 8.1",
            "the two sheets can be read two ways equally well",
            "i due formulari si possono leggere in due modi ugualmente buoni",
        ),
    ),
    (
        Code::UnreadableMove,
        g(
            "formats.md §8",
            "an unreadable move no legal move fits",
            "una mossa illeggibile a cui non corrisponde nessuna mossa legale",
        ),
    ),
    (
        Code::DifferentGames,
        g(
            "formats.md §8",
            "the two sheets are of different games",
            "i due formulari sono di partite diverse",
        ),
    ),
    (
        Code::NotARegularFile,
        g(
            "formats.md §4",
            "a device, a pipe or a folder where a file was expected",
            "un dispositivo, una pipe o una cartella al posto di un file",
        ),
    ),
    (
        Code::TooLarge,
        g(
            "formats.md §4",
            "the file is larger than the limit (--max-input)",
            "il file supera il limite di dimensione (--max-input)",
        ),
    ),
    (
        Code::MissingMove,
        g(
            "R32a",
            "one move missing from a sheet explains what follows",
            "una mossa mancante in un foglio spiega quanto segue",
        ),
    ),
    (
        Code::MisplacedMove,
        g(
            "R32a",
            "one move written in the wrong place explains what follows",
            "una mossa scritta al posto sbagliato spiega quanto segue",
        ),
    ),
    (
        Code::UnreadableResult,
        g(
            "PGN 8.1.1.7",
            "a result that is none of 1-0, 0-1, ½-½, *",
            "un risultato che non è né 1-0, né 0-1, né ½-½, né *",
        ),
    ),
    (
        Code::NestedBrace,
        g(
            "PGN 8.2.5",
            "a { inside a comment: the comment ends at the first }",
            "una { dentro un commento: il commento finisce alla prima }",
        ),
    ),
    (
        Code::ProseInMovetext,
        g(
            "FIDE C",
            "words between the moves, read as a comment",
            "parole fra le mosse, lette come commento",
        ),
    ),
    (
        Code::ResultInWords,
        g(
            "FIDE C",
            "the end of the game written in words, read as the result",
            "la fine della partita scritta a parole, letta come risultato",
        ),
    ),
    (
        Code::PhasePlayers,
        g(
            "T4, T13",
            "a phase whose players are not those who went on",
            "una fase i cui giocatori non sono quelli qualificati",
        ),
    ),
    (
        Code::RecordedTwice,
        g(
            "T17",
            "a result recorded both on the sheet and in a game file",
            "un risultato registrato sia sul foglio dei risultati sia in una partita",
        ),
    ),
    (
        Code::Sospensione,
        g(
            "R45",
            "a time-out too many or too long",
            "una sospensione di troppo o troppo lunga",
        ),
    ),
    (
        Code::OverTime,
        g(
            "R46",
            "play lasted longer than the mode's game",
            "il gioco è durato più della partita prevista dalla modalità",
        ),
    ),
    (
        Code::ClockMismatch,
        g(
            "R46",
            "the clock record contradicts itself",
            "la registrazione dell'orologio si contraddice",
        ),
    ),
    (
        Code::TimeRunOutAhead,
        g(
            "R47",
            "a team whose time ran out was ahead on points",
            "una squadra a cui è scaduto il tempo era in vantaggio",
        ),
    ),
    (
        Code::PlayerPairing,
        g(
            "R48",
            "the players and the armies do not pair as the mode requires",
            "giocatori ed eserciti non sono abbinati come richiede la modalità",
        ),
    ),
    (
        Code::NotMaster,
        g(
            "S2",
            "a board the master does not play",
            "una scacchiera in cui non gioca il maestro",
        ),
    ),
    (
        Code::DuplicateBoard,
        g(
            "S1",
            "two games with the same board number",
            "due partite con lo stesso numero di scacchiera",
        ),
    ),
    (
        Code::TakeBackInSimul,
        g(
            "S4",
            "a participant took a move back",
            "un partecipante ha ripreso una mossa",
        ),
    ),
    (
        Code::TwoMasters,
        g(
            "S8",
            "the boards name two different masters",
            "le scacchiere indicano due maestri diversi",
        ),
    ),
    (
        Code::NoMoveResult,
        g(
            "S5",
            "a game lost for not moving when the master arrived",
            "una partita persa per non aver mosso all'arrivo del maestro",
        ),
    ),
    (
        Code::MasterBlack,
        g(
            "S3",
            "the master has Black on this board",
            "il maestro ha il Nero su questa scacchiera",
        ),
    ),
];

/// The meaning of `code`.
pub fn gloss(code: Code) -> Gloss {
    GLOSSES
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(g("", "", ""), |(_, g)| *g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_one_gloss_in_both_languages() {
        for &c in Code::ALL {
            let n = GLOSSES.iter().filter(|(x, _)| *x == c).count();
            assert_eq!(n, 1, "{c}");
            let g = gloss(c);
            assert!(
                !g.rule.is_empty() && !g.text.en.is_empty() && !g.text.it.is_empty(),
                "{c}"
            );
        }
        assert_eq!(GLOSSES.len(), Code::ALL.len());
    }
}
