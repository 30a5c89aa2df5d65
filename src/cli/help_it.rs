//! The command line's words in Italian (issue 32 point 5): each command's description and
//! each option's help, said as what the person gets, the rule codes at the end in
//! brackets. Chosen at start-up under Italian (`--lang it`, `LANG=it_*`); the English ones
//! are the doc comments of the clap types (and what `arbitro completions` and `arbitro
//! man` are made from).

/// `(command path, text)`: what each command does. The path is the command's names after
/// `arbitro`, separated by spaces (`""` for `arbitro` itself).
pub const ABOUT: &[(&str, &str)] = &[
    (
        "",
        "Lo strumento dell'arbitro per SuperScacchi e per gli scacchi classici in notazione italiana",
    ),
    (
        "verify",
        "Rigioca ogni partita dei file e segnala ogni mossa illegale e ogni svista di scrittura.",
    ),
    (
        "convert",
        "Scrive le partite classiche verificate in PGN standard o in notazione italiana canonica.",
    ),
    (
        "reconcile",
        "Allinea i formulari dei due giocatori di una partita classica e scrive la partita che registrano.",
    ),
    (
        "batch",
        "Controlla archivi interi: cartelle di file di partite delle due varianti, in parallelo.",
    ),
    (
        "batch merge",
        "Riunisce i rapporti parziali di `batch --shard K/N` nei rapporti di un solo controllo, con il riepilogo contato di nuovo.",
    ),
    (
        "score",
        "Il registro del giudice di una partita di SuperScacchi: materiale, eventi, penalità, totali, vincitore.",
    ),
    (
        "match",
        "Il verdetto di una gara: le sue due partite [R42].",
    ),
    (
        "contest",
        "Il reclamo di una squadra contro il verdetto del tavolo: se è ammissibile e che cosa cambia [R43].",
    ),
    (
        "scoring",
        "La tabella dei punteggi: stampa quella predefinita o controlla un file [R38–R41].",
    ),
    (
        "show",
        "Disegna la scacchiera nel terminale a una mossa data (se non la dai, alla fine).",
    ),
    (
        "render",
        "Scrive una pagina HTML autonoma per rivedere una partita (e/o una posizione in SVG).",
    ),
    (
        "selfplay",
        "Gioca a caso una partita legale di SuperScacchi e ne scrive gli otto fogli.",
    ),
    (
        "new",
        "Scrive un file di partita vuoto da compilare: tutti i tag e una riga di ogni tipo.",
    ),
    (
        "tournament",
        "Il torneo scolastico: piano, primo sorteggio, classifiche, sorteggio della fase dopo.",
    ),
    (
        "tournament plan",
        "Quante fasi, gironi e partite (anche sotto supervisione) e quanti giocatori passano, per N giocatori [T15].",
    ),
    (
        "tournament new",
        "Sorteggia i gironi della fase 1 da un elenco di nomi (uno per riga) e scrive il file del torneo.",
    ),
    (
        "tournament standings",
        "La classifica di ogni girone: tabellone, punti, posti, chi passa, sorteggi, partite mancanti.",
    ),
    (
        "tournament sheet",
        "Scrive il foglio dei risultati di una fase: gli accoppiamenti, con un risultato da scrivere a ogni riga [T17].",
    ),
    (
        "tournament draw",
        "Scrive il file del torneo con la fase successiva sorteggiata e aggiunta [T13].",
    ),
    (
        "simul",
        "La simultanea: ogni scacchiera controllata e il risultato del maestro contato.",
    ),
    (
        "simul new",
        "Scrive un file di partita da compilare per ogni scacchiera: il maestro, il numero della scacchiera, la data.",
    ),
    (
        "explain",
        "Che cosa vuol dire un codice di segnalazione, la sua gravità e la sua regola; senza codice, tutti i codici.",
    ),
    (
        "completions",
        "Scrive lo script di completamento per una shell (bash, zsh, fish, elvish, powershell).",
    ),
    (
        "man",
        "Scrive la pagina di manuale (roff), fatta dalla definizione stessa della riga di comando.",
    ),
];

/// `(command path, option id, help)`: an option's help. An empty path is any command's
/// option of that id without its own line here.
pub const ARGS: &[(&str, &str, &str)] = &[
    // Every command's.
    (
        "",
        "lang",
        "la lingua dei report e dei messaggi; se non la dai, da LC_ALL, LC_MESSAGES o LANG (it_* dà l'italiano)",
    ),
    (
        "",
        "max_input",
        "quanti mebibyte al massimo si leggono da un file o dallo standard input",
    ),
    (
        "",
        "force",
        "sostituisce un file che esiste già quando un comando crea un documento (new, tournament new, draw, convert --out, reconcile --out, selfplay --out); mai un file letto, e un report non sostituisce mai una partita, una disposizione o un file di torneo",
    ),
    (
        "",
        "tz",
        "il fuso orario della sede (se non lo dai, quello di questo computer), ad esempio `Europe/Rome`: le ore di una partita sono quelle del suo orologio [R43, R46]",
    ),
    ("", "help", "mostra questo aiuto"),
    ("", "version", "mostra la versione"),
    ("", "file", "il file della partita"),
    (
        "",
        "files",
        "i file delle partite (`-` legge lo standard input)",
    ),
    (
        "",
        "paths",
        "file e cartelle di partite (le cartelle lette anche nelle sottocartelle)",
    ),
    ("", "format", "la forma del risultato"),
    (
        "",
        "out",
        "scrive qui invece che sullo standard output (il file compare intero o non compare)",
    ),
    (
        "",
        "notation",
        "la notazione delle partite classiche, invece di riconoscerla partita per partita",
    ),
    ("", "color", "i colori nel terminale"),
    (
        "",
        "setup",
        "SuperScacchi: un file di disposizione al posto del tag [Disposizione] [formats.md §2]",
    ),
    (
        "",
        "scoring",
        "una tabella dei punteggi (TOML) al posto di quella incorporata [R38–R41]",
    ),
    (
        "",
        "game",
        "quale partita di un file classico (1 è la prima)",
    ),
    ("", "torneo", "il file del torneo [formats.md §7]"),
    (
        "",
        "sorteggio",
        "numero per il sorteggio: con lo stesso numero si ottengono gli stessi gironi e gli stessi sorteggi [T12]",
    ),
    ("", "fase", "la fase (se non la dai, l'ultima del file)"),
    // verify
    (
        "verify",
        "level",
        "la gravità minima mostrata: tutto, avvertimenti ed errori, o solo errori",
    ),
    // batch
    (
        "batch",
        "report",
        "scrive un report per ogni partita: FILE.csv (una riga per partita) o FILE.jsonl (un oggetto JSON per riga) [formats.md §6, §4]",
    ),
    (
        "batch",
        "fail_on",
        "da quale gravità il codice di uscita è 1: errori, o anche avvertimenti",
    ),
    (
        "batch",
        "quiet",
        "niente barra di avanzamento né elenco dei file saltati (sono contati lo stesso)",
    ),
    (
        "batch",
        "jobs",
        "quanti lavori in parallelo (se non lo dai, e al massimo: i core della macchina)",
    ),
    (
        "batch",
        "csv_excel",
        "rapporti CSV per un foglio di calcolo (Excel, LibreOffice) con impostazioni italiane: `;` tra le celle e il segno BOM UTF-8, così ogni cella sta nella sua colonna e i nomi accentati si leggono bene",
    ),
    (
        "batch",
        "shard",
        "controlla solo la porzione K di N dei file (i file secondo il loro percorso, un file molto grande secondo le sue partite) e scrive un rapporto parziale, FILE.jsonl, che `arbitro batch merge` riunisce agli altri nel rapporto di un solo controllo; avviare ogni porzione con gli stessi percorsi, dalla stessa cartella",
    ),
    (
        "batch",
        "shard_split",
        "con --shard: un file di almeno tanti byte si divide per partite tra le porzioni (64 MiB); un file più piccolo va intero a una porzione",
    ),
    (
        "batch merge",
        "parts",
        "i rapporti parziali, uno per porzione (`batch --shard K/N --report PARTE.jsonl`), in qualsiasi ordine",
    ),
    (
        "batch merge",
        "report",
        "scrive il rapporto di tutto il controllo: FILE.csv o FILE.jsonl (come li scrive `batch --report`)",
    ),
    (
        "batch merge",
        "csv_excel",
        "rapporti CSV per un foglio di calcolo con impostazioni italiane: `;` tra le celle e il segno BOM UTF-8 (come `batch --csv-excel`)",
    ),
    (
        "batch merge",
        "fail_on",
        "da quale gravità il codice di uscita è 1: errori, o anche avvertimenti",
    ),
    (
        "batch",
        "max_line",
        "la partita più lunga che si legge, in byte: una partita più lunga diventa una riga `unreadable` e si riprende dalla partita dopo",
    ),
    // contest
    ("contest", "team", "la squadra che presenta il reclamo"),
    (
        "contest",
        "at",
        "quando è stato presentato il reclamo, sull'orologio della sede: `18:14` o `18.14` (l'ora più vicina a [Fine]), `17/10 18:14`, `17/10/2026 18:14`; se non lo dai, adesso [R43]",
    ),
    (
        "contest",
        "out",
        "scrive qui il documento per il giudice: il verdetto in grande, la partita, il motivo del capitano, i rilievi e i punteggi in tabella, le righe del foglio su cui poggia il reclamo e lo spazio per le firme (.html per una pagina A4 da stampare); un file che esiste già si sostituisce solo con --force",
    ),
    (
        "contest",
        "motivo",
        "le ragioni del capitano, con le sue parole: stampate in un riquadro del documento e sotto il reclamo; al massimo 15 righe stampate di 100 caratteri (1.500 caratteri in un solo paragrafo), perché il documento resti di una pagina",
    ),
    (
        "contest",
        "other",
        "l'altra partita della gara: dice anche che cosa cambia il reclamo per la gara [R42]",
    ),
    // convert, reconcile
    ("convert", "to", "la notazione in cui scrivere la partita"),
    (
        "convert",
        "out",
        "scrive qui invece che sullo standard output; se nessuna partita si può convertire non si scrive nulla",
    ),
    (
        "reconcile",
        "sheet_a",
        "il formulario A: un file di partita classica (notazione italiana o PGN; si legge la prima partita)",
    ),
    (
        "reconcile",
        "sheet_b",
        "il formulario B: quello dell'altro giocatore della stessa partita",
    ),
    (
        "reconcile",
        "out",
        "scrive qui la partita riconciliata, con `{A: …, B: …}` dove i formulari differiscono",
    ),
    (
        "reconcile",
        "to",
        "la notazione della partita scritta con --out",
    ),
    (
        "reconcile",
        "result",
        "il risultato, quando i formulari ne dichiarano due e le mosse non decidono (1-0, 0-1, 1/2-1/2): la decisione dell'arbitro, scritta nella partita riconciliata",
    ),
    // explain, match, render, show, selfplay, scoring, new, completions
    (
        "explain",
        "code",
        "un codice come lo scrivono i report (`wrong-pen`); senza: tutti i codici",
    ),
    ("match", "game1", "la partita 1 della gara"),
    ("match", "game2", "la partita 2 della gara"),
    ("render", "out", "la pagina HTML da scrivere"),
    ("render", "svg", "una posizione, come immagine SVG a sé"),
    (
        "render",
        "ply",
        "con --svg: dopo quante semimosse (se non lo dai, alla fine)",
    ),
    (
        "show",
        "at",
        "dopo la mossa di questo esercito: ESERCITO:MOSSA (S:12, NE:3; classica white:3, black:3)",
    ),
    (
        "show",
        "ply",
        "dopo quante semimosse (0: la posizione iniziale)",
    ),
    (
        "selfplay",
        "seed",
        "numero per il caso: con lo stesso numero si ottiene la stessa partita",
    ),
    (
        "selfplay",
        "plies",
        "circa quante mosse giocare (tutti gli eserciti insieme; al massimo 20000)",
    ),
    (
        "scoring",
        "print_default",
        "stampa la tabella incorporata in TOML",
    ),
    ("scoring", "check", "controlla un file di tabella"),
    ("new", "kind", "il tipo di partita"),
    ("completions", "shell", "la shell"),
    // tournament
    ("tournament plan", "players", "quanti giocatori (almeno 2)"),
    (
        "tournament new",
        "players",
        "gli iscritti, un nome per riga (le righe vuote si saltano)",
    ),
    ("tournament new", "out", "il file del torneo da scrivere"),
    ("tournament new", "nome", "il nome del torneo"),
    (
        "tournament standings",
        "sorteggio",
        "fa i sorteggi ancora da fare e, quando si può, la fase successiva [T12, T13]",
    ),
    (
        "tournament standings",
        "html",
        "scrive anche qui la pagina per la bacheca (HTML autonomo, stampabile su A4)",
    ),
    (
        "tournament standings",
        "fase",
        "la pagina mostra solo questa fase",
    ),
    (
        "tournament standings",
        "completo",
        "la pagina è quella dell'arbitro: ogni segnalazione, file e codice (non per la bacheca)",
    ),
    (
        "tournament sheet",
        "out",
        "il foglio da compilare, come testo (un file che esiste già si sostituisce solo con --force)",
    ),
    (
        "tournament sheet",
        "html",
        "il foglio come pagina A4 da stampare",
    ),
    (
        "tournament draw",
        "out",
        "dove scrivere il nuovo file del torneo (mai sopra un file letto)",
    ),
    (
        "tournament standings",
        "xlsx",
        "scrive anche una cartella di lavoro (FILE.xlsx): un foglio per fase, i punti come numeri",
    ),
    // simul
    (
        "simul",
        "maestro",
        "il maestro (se non lo dai, dal tag [Maestro] delle partite)",
    ),
    (
        "simul",
        "colori_concordati",
        "il maestro può avere il Nero su qualunque scacchiera (i colori erano concordati) [S3]",
    ),
    (
        "simul",
        "out",
        "scrive anche qui la pagina da mostrare in sala (HTML autonomo)",
    ),
    (
        "simul new",
        "maestro",
        "il maestro: [Maestro] e [Bianco] di ogni scacchiera",
    ),
    (
        "simul new",
        "boards",
        "quante scacchiere (se non lo dai, una per partecipante di --partecipanti)",
    ),
    (
        "simul new",
        "partecipanti",
        "i partecipanti, un nome per riga: il [Nero] delle scacchiere 1, 2, … in quest'ordine",
    ),
    (
        "simul new",
        "out",
        "la cartella in cui scrivere le scacchiere (creata se manca; nessun file già presente viene sostituito)",
    ),
    (
        "simul new",
        "evento",
        "il nome dell'evento ([Evento]); se non lo dai, la simultanea del maestro",
    ),
];

/// The Italian help of option `id` of the command at `path`, if there is one.
pub fn arg(path: &str, id: &str) -> Option<&'static str> {
    let find = |p: &str| ARGS.iter().find(|(c, i, _)| *c == p && *i == id);
    find(path).or_else(|| find("")).map(|(_, _, it)| *it)
}

/// The Italian name of the value an option or argument takes, where the English one is a
/// word (`FILES`, `ZONE`).
pub fn value_name(id: &str) -> Option<&'static str> {
    Some(match id {
        "files" | "file" => "FILE",
        "paths" => "PERCORSI",
        "tz" => "FUSO",
        "sheet_a" => "FORMULARIO_A",
        "sheet_b" => "FORMULARIO_B",
        "game1" => "PARTITA_1",
        "game2" => "PARTITA_2",
        "code" => "CODICE",
        "kind" => "TIPO",
        "torneo" => "TORNEO",
        "parts" => "PARTE",
        _ => return None,
    })
}

/// The Italian name of a value clap names after its option (`--players <PLAYERS>`), or that
/// the option names in English; units and formats (`MIB`, `FILE.html`, `K/N`, `REPORT`)
/// stay as they are. `--at` names a move in `show` and a time in `contest`.
pub fn value_name_of(path: &str, english: &str) -> Option<&'static str> {
    Some(match (path, english) {
        ("show", "AT") => "ESERCITO:MOSSA",
        (_, "AT") => "ORA",
        (_, "LANG") => "LINGUA",
        (_, "OUT") => "USCITA",
        (_, "FORMAT") => "FORMATO",
        (_, "SETUP") => "DISPOSIZIONE",
        (_, "PLAYERS") => "GIOCATORI",
        (_, "NOTATION" | "TO") => "NOTAZIONE",
        (_, "SCORING") => "TABELLA",
        (_, "NAME") => "NOME",
        (_, "TEAM") => "SQUADRA",
        (_, "PLY") => "SEMIMOSSA",
        (_, "PLIES") => "SEMIMOSSE",
        (_, "JOBS") => "LAVORI",
        (_, "GAME") => "PARTITA",
        (_, "FAIL_ON" | "LEVEL") => "GRAVITÀ",
        (_, "DIR") => "CARTELLA",
        (_, "COLOR") => "COLORE",
        (_, "BYTES") => "BYTE",
        (_, "SEED") => "NUMERO",
        (_, "OTHER") => "ALTRA_PARTITA",
        (_, "CHECK") => "FILE",
        (_, "PART") => "PARTE",
        (_, "ZONE") => "FUSO",
        (_, "COMMAND") => "COMANDO",
        (_, "TEXT") => "TESTO",
        _ => return None,
    })
}

/// The Italian description of the command at `path`, if there is one.
pub fn about(path: &str) -> Option<&'static str> {
    ABOUT.iter().find(|(c, _)| *c == path).map(|(_, it)| *it)
}
