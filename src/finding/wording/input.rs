//! How arbitro says what is wrong with an input (a file that cannot be read, a set-up
//! that cannot be used, a file read as Latin-1) and what `verify` finds after scoring
//! (R43): the findings' constructors, and the words of the input errors ([`Say`]).

use crate::batch::{Problem, Reason};
use crate::finding::{Code, Finding};
use crate::lang::{Bi, Lang, Say};
use crate::load::setup::{SetupFileError, SetupNameError, SetupProblem, SetupWhy};
use crate::load::stream::{Damaged, TooLarge, damaged as damaged_of, too_large as too_large_of};
use crate::load::{FileKind, LoadError, plain_io};
use std::borrow::Cow;
use std::io;

/// `latin1-input`: the file is not UTF-8 and was read as Latin-1.
pub fn latin1_input() -> Finding {
    Finding::said(
        Code::Latin1Input,
        Bi::new(
            "the file is not UTF-8; it was read as Latin-1",
            "il file non è UTF-8: è stato letto come Latin-1",
        ),
    )
}

/// `bad-setup` (R7): the game's `[Disposizione]` gives no set-up to play from.
pub fn bad_setup(p: &SetupProblem) -> Finding {
    let value = &p.value;
    let message = match &p.why {
        SetupWhy::NoFile(name) => Bi::new(
            format!(
                "`{value}` is not a built-in set-up (assedio-corto), and there is no file {name} beside the game"
            ),
            format!(
                "`{value}` non è una disposizione predefinita (assedio-corto), e accanto alla partita non c'è il file {name}"
            ),
        ),
        // The set-up file's own error names its line.
        SetupWhy::File(e) => Bi::new(
            e.say(Lang::En).into_owned(),
            format!(
                "la disposizione [Disposizione \"{value}\"] non si può usare: {}",
                e.say(Lang::It)
            ),
        ),
        SetupWhy::Name(e) => Bi::new(
            format!("[Disposizione \"{value}\"]: {}", e.say(Lang::En)),
            format!("[Disposizione \"{value}\"] non valida: {}", e.say(Lang::It)),
        ),
    };
    Finding::said(Code::BadSetup, message).rule("R7")
}

/// `result-mismatch` (R43): `[Risultato]` declares for `team` a total other than the
/// recomputed one.
pub fn result_mismatch(team: &str, declared: i32, total: i32) -> Finding {
    let diff = i64::from(total) - i64::from(declared);
    Finding::said(
        Code::ResultMismatch,
        Bi::new(
            format!(
                "[Risultato] declares {team} {declared}, but the recomputed total is {total} ({diff:+})"
            ),
            format!(
                "[Risultato] dichiara {team} {declared}, ma il totale ricalcolato è {total} ({diff:+})"
            ),
        ),
    )
    .rule("R43")
    .labelled(Bi::new("the declared totals", "i totali dichiarati"))
    .hinted(Bi::new(
        format!(
            "`arbitro score` shows the recomputed register; `arbitro contest --team {team}` explains the difference item by item"
        ),
        format!(
            "`arbitro score` mostra il registro ricalcolato; `arbitro contest --team {team}` spiega la differenza voce per voce"
        ),
    ))
}

/// More bytes than one input may hold: a plain file by its size, an archive once unpacked
/// (the limit counts the unpacked bytes: a decompression bomb is refused so, issue 32
/// point 8).
fn too_large(t: TooLarge, lang: Lang) -> String {
    let mib = t.max >> 20;
    match (lang, t.unpacked) {
        (Lang::En, false) => format!(
            "larger than {mib} MiB, the most arbitro reads from one input (--max-input): not read further"
        ),
        (Lang::En, true) => format!(
            "larger than {mib} MiB once unpacked (a decompression bomb?), the most arbitro reads from one input (--max-input counts the unpacked bytes): not read further"
        ),
        (Lang::It, false) => format!(
            "più grande di {mib} MiB, il massimo che arbitro legge da un ingresso (--max-input): non si legge oltre"
        ),
        (Lang::It, true) => format!(
            "più grande di {mib} MiB una volta decompresso (una bomba di decompressione?), il massimo che arbitro legge da un ingresso (--max-input conta i byte decompressi): non si legge oltre"
        ),
    }
}

/// A packed archive that cannot be unpacked.
fn damaged(d: &Damaged, lang: Lang) -> String {
    let name = d.packing.name();
    match (lang, d.cut_short) {
        (Lang::En, true) => format!("the {name} archive is cut short (an incomplete download?)"),
        (Lang::It, true) => {
            format!("l'archivio {name} è troncato (uno scaricamento non finito?)")
        }
        (Lang::En, false) => format!("the {name} archive is damaged: it cannot be unpacked"),
        (Lang::It, false) => {
            format!("l'archivio {name} è danneggiato: non si riesce a decomprimerlo")
        }
    }
}

/// An I/O error in plain words: Italian for the kinds a user meets, the system's words
/// (without the `(os error N)` tail) otherwise; an archive that cannot be unpacked or
/// unpacks past the limit in its own words.
impl Say for io::Error {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        if let Some(d) = damaged_of(self) {
            return damaged(d, lang).into();
        }
        if let Some(t) = too_large_of(self) {
            return too_large(t, lang).into();
        }
        let it = match (lang, self.kind()) {
            (Lang::En, _) => return plain_io(self).into(),
            (Lang::It, io::ErrorKind::NotFound) => "il file non esiste",
            (Lang::It, io::ErrorKind::PermissionDenied) => "permesso negato",
            (Lang::It, io::ErrorKind::IsADirectory) => "è una cartella",
            (Lang::It, io::ErrorKind::InvalidData) => "i dati non si possono leggere",
            (Lang::It, io::ErrorKind::NotADirectory) => "una parte del percorso non è una cartella",
            (Lang::It, io::ErrorKind::ReadOnlyFilesystem) => "il disco è di sola lettura",
            (Lang::It, io::ErrorKind::StorageFull) => "il disco è pieno",
            (Lang::It, io::ErrorKind::AlreadyExists) => "esiste già",
            (Lang::It, _) => return plain_io(self).into(),
        };
        it.into()
    }
}

impl Say for FileKind {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let (en, it) = match self {
            FileKind::Folder => ("a folder", "una cartella"),
            FileKind::Fifo => ("a FIFO (named pipe)", "una FIFO (pipe con nome)"),
            FileKind::Socket => ("a socket", "un socket"),
            FileKind::Device => ("a device", "un dispositivo"),
            FileKind::Other => ("not a regular file", "qualcosa che non è un file normale"),
        };
        lang.t(en, it).into()
    }
}

impl Say for LoadError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match (self, lang) {
            (LoadError::Io { path, error }, Lang::En) => {
                format!("{path}: cannot read: {}", error.say(lang))
            }
            (LoadError::Io { path, error }, Lang::It) => {
                format!("{path}: non si può leggere: {}", error.say(lang))
            }
            (LoadError::NotAFile { path, kind }, Lang::En) => {
                format!("{path}: is {}, not a file arbitro can read", kind.say(lang))
            }
            (LoadError::NotAFile { path, kind }, Lang::It) => format!(
                "{path}: è {}, non un file che arbitro possa leggere",
                kind.say(lang)
            ),
            (LoadError::TooLarge { path, limit }, lang) => {
                format!("{path}: {}", too_large(*limit, lang))
            }
            (LoadError::Input { path, error }, lang) => format!("{path}: {}", error.say(lang)),
        }
        .into()
    }
}

impl Say for SetupNameError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match self {
            SetupNameError::NotAName => lang.t(
                "a set-up is named, not given as a path: a built-in set-up (assedio-corto) or NAME for a file NAME.setup beside the game file (formats.md §2)",
                "una disposizione si indica per nome, non con un percorso: una disposizione predefinita (assedio-corto) o NOME per un file NOME.setup accanto alla partita (formats.md §2)",
            ),
            SetupNameError::NoFolder => lang.t(
                "not a built-in set-up (assedio-corto), and a game read from standard input has no folder to find NAME.setup in: use --setup FILE",
                "non è una disposizione predefinita (assedio-corto), e una partita letta dallo standard input non ha una cartella in cui cercare NOME.setup: usare --setup FILE",
            ),
        }
        .into()
    }
}

impl Say for SetupFileError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match self {
            SetupFileError::Load(e) => e.say(lang),
            SetupFileError::Invalid { path, error } => {
                format!("{path}:{}: {}", error.line, error.problem.say(lang)).into()
            }
        }
    }
}

impl Say for Problem {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match (self, lang) {
            (Problem::CannotRead(e), Lang::En) => format!("cannot read: {}", e.say(lang)),
            (Problem::CannotRead(e), Lang::It) => format!("non si può leggere: {}", e.say(lang)),
            (Problem::TooLong { line, max }, Lang::En) => format!(
                "the game at line {line} is longer than {max} bytes (--max-game): it is not read"
            ),
            (Problem::TooLong { line, max }, Lang::It) => format!(
                "la partita alla riga {line} è più lunga di {max} byte (--max-game): non si legge"
            ),
            (Problem::Input(e), lang) => e.say(lang).into_owned(),
            (Problem::Internal, Lang::En) => "arbitro failed while checking this part of the file (an internal error; please report it with the file)".into(),
            (Problem::Internal, Lang::It) => "arbitro si è fermato controllando questa parte del file (un errore interno: per favore segnalatelo insieme al file)".into(),
            (Problem::NotAFile(kind), Lang::En) => {
                format!("{}, not a file arbitro reads", kind.say(lang))
            }
            (Problem::NotAFile(kind), Lang::It) => {
                format!("{}, non un file che arbitro legge", kind.say(lang))
            }
            (Problem::TooLarge(t), lang) => too_large(*t, lang),
            (Problem::Utf16, lang) => Reason::Utf16.say(lang).into_owned(),
        }
        .into()
    }
}

impl Say for Reason {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match (self, lang) {
            (Reason::CannotRead(e), Lang::En) => format!("cannot read: {}", e.say(lang)),
            (Reason::CannotRead(e), Lang::It) => format!("non si può leggere: {}", e.say(lang)),
            (Reason::CannotReadFolder(e), Lang::En) => {
                format!("cannot read the folder: {}", e.say(lang))
            }
            (Reason::CannotReadFolder(e), Lang::It) => {
                format!("la cartella non si può leggere: {}", e.say(lang))
            }
            (Reason::BrokenLink(e), Lang::En) => format!("a broken link: {}", e.say(lang)),
            (Reason::BrokenLink(e), Lang::It) => {
                format!("un collegamento interrotto: {}", e.say(lang))
            }
            (Reason::LinkOut, Lang::En) => "a link that leads out of the given folders".into(),
            (Reason::LinkOut, Lang::It) => {
                "un collegamento che porta fuori dalle cartelle date".into()
            }
            (Reason::LinkLoop, Lang::En) => "a link to a folder already read (a link loop?)".into(),
            (Reason::LinkLoop, Lang::It) => {
                "un collegamento a una cartella già letta (un giro di collegamenti?)".into()
            }
            (Reason::NotAFile(kind), Lang::En) => {
                format!("{}, not a file arbitro reads", kind.say(lang))
            }
            (Reason::NotAFile(kind), Lang::It) => {
                format!("{}, non un file che arbitro legge", kind.say(lang))
            }
            (Reason::Utf16, Lang::En) => {
                "UTF-16 text: `arbitro verify` reads it, or save it as UTF-8 for batch".into()
            }
            (Reason::Utf16, Lang::It) => {
                "testo UTF-16: lo legge `arbitro verify`, oppure salvalo in UTF-8 per batch".into()
            }
            (Reason::Binary, Lang::En) => "binary content".into(),
            (Reason::Binary, Lang::It) => "contenuto binario".into(),
            (Reason::ResultsSheet, Lang::En) => {
                "a tournament's results sheet (T17), not a game file: `arbitro tournament standings` reads it".into()
            }
            (Reason::ResultsSheet, Lang::It) => {
                "un foglio dei risultati del torneo (T17), non un file di partite: lo legge `arbitro tournament standings`".into()
            }
        }
        .into()
    }
}

impl Say for crate::batch::MergeError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        use crate::batch::MergeError as E;
        let it = lang == Lang::It;
        match self {
            E::NoParts => lang
                .t(
                    "no part named: give the part reports of every shard",
                    "nessuna parte indicata: dare i rapporti parziali di tutte le porzioni",
                )
                .into(),
            E::Read { part, error } => {
                let (part, why) = (part.display(), error.say(lang));
                if it {
                    format!("{part}: non si può leggere: {why}")
                } else {
                    format!("{part}: cannot read: {why}")
                }
                .into()
            }
            E::NotAFile { part } => {
                let part = part.display();
                if it {
                    format!(
                        "{part}: non è un file normale (una cartella, una pipe o un dispositivo)"
                    )
                } else {
                    format!("{part}: not a regular file (a folder, a pipe or a device)")
                }
                .into()
            }
            E::NotAPart { part, line } => {
                let part = part.display();
                if it {
                    format!("{part}:{line}: non è una riga di un rapporto parziale (`batch --shard K/N --report PARTE.jsonl` li scrive)")
                } else {
                    format!("{part}:{line}: not a line of a part report (`batch --shard K/N --report PART.jsonl` writes them)")
                }
                .into()
            }
            E::CutShort { part } => {
                let part = part.display();
                if it {
                    format!("{part}: la parte è incompleta (manca la sua ultima riga): la porzione non è finita; rifarla")
                } else {
                    format!("{part}: the part is cut short (its last line is missing): the shard did not finish; run it again")
                }
                .into()
            }
            E::OutOfOrder { part, line } => {
                let part = part.display();
                if it {
                    format!("{part}:{line}: le righe non sono nell'ordine in cui le scrive arbitro (il file è stato modificato?)")
                } else {
                    format!("{part}:{line}: the rows are not in the order arbitro writes them (was the file edited?)")
                }
                .into()
            }
            E::OtherRun { part, first } => {
                let (part, first) = (part.display(), first.display());
                if it {
                    format!("{part}: non è una porzione dello stesso controllo di {first} (altri file, un altro N, un altro --shard-split o --max-game)")
                } else {
                    format!("{part}: not a shard of the same run as {first} (other inputs, another N, another --shard-split or --max-game)")
                }
                .into()
            }
            E::Twice { shard } => if it {
                format!("la porzione {shard} è data due volte")
            } else {
                format!("shard {shard} is given twice")
            }
            .into(),
            E::Missing { shards, of } => {
                let list = shards
                    .iter()
                    .map(|k| format!("{k}/{of}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                if it {
                    format!("mancano porzioni: {list}")
                } else {
                    format!("shards missing: {list}")
                }
                .into()
            }
            E::Sink(e) => e.error.say(lang).into_owned().into(),
        }
    }
}
