//! `arbitro simul`: the simultaneous exhibition (seed 001, `simul-rules.md` S1–S8): every
//! game under the paths is a board, checked and tallied from the master's side.

use crate::cmd::Exit;
use crate::cmd::args::Format;
use crate::io::{Output, diag, emit, write_atomically};
use anyhow::Result;
use arbitro::lang::Say;
use arbitro::report::simul as report;
use arbitro::simul::{self, SimulOptions};
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  arbitro simul samples/simul\n  arbitro simul samples/simul --format json\n  arbitro simul samples/simul --out simultanea.html\n  arbitro simul new --maestro Rossi --boards 20 --out simultanea\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,
    /// Game files and folders: every game is a board (read as `batch` reads them).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The master (else the [Maestro] tag of the games).
    #[arg(long, value_name = "NAME")]
    maestro: Option<String>,
    /// The master may have Black on any board (S3: the colours were agreed).
    #[arg(long)]
    colori_concordati: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Also write the page to show the room here (self-contained HTML, atomically).
    #[arg(long, value_name = "FILE.html")]
    out: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Writes one game file per board to fill in: the master, the board's number, the date.
    #[command(
        after_help = "Examples:\n  arbitro simul new --maestro Rossi --boards 20 --out simultanea-20\n  arbitro simul new --maestro Rossi --partecipanti samples/simul/partecipanti.lista --out simultanea-lista"
    )]
    New(NewArgs),
}

#[derive(clap::Args)]
struct NewArgs {
    /// The master: [Maestro] and [Bianco] of every board.
    #[arg(long, value_name = "NAME")]
    maestro: String,
    /// How many boards (default: one per participant of --partecipanti).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    boards: Option<u32>,
    /// The participants, one name a line (as `tournament new --players`): the [Nero] of
    /// boards 1, 2, … in this order.
    #[arg(long, value_name = "FILE")]
    partecipanti: Option<PathBuf>,
    /// The folder to write the boards in (made if missing; no file in it is written over).
    #[arg(long, short, value_name = "DIR")]
    out: PathBuf,
    /// The event's name ([Evento]); default: the simul of the master.
    #[arg(long)]
    evento: Option<String>,
}

/// A tag value as a sheet writes it: a quote or a backslash escaped (PGN 8.1), a line
/// break or another control character a space (a tag is one line).
fn tag_value(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// One board's template (formats.md §3 and §9's tags), dated `today`.
pub fn template(
    master: &str,
    event: &str,
    n: u32,
    who: Option<&str>,
    today: jiff::civil::Date,
) -> String {
    let mut s = String::from(
        "% Simultanea: una scacchiera. Compilare [Nero], le mosse e il risultato; poi `arbitro simul` sulla cartella.\n\
         % Pezzi: R re, D donna, T torre, A alfiere, C cavallo (i pedoni non hanno lettera). Esempio: 1.e4 e5 2.Cf3 Cc6\n\
         % Il maestro ha il Nero per accordo (S3): scambiare [Bianco] e [Nero] e aggiungere [Colore \"concordato\"].\n\
         % Il partecipante non muove quando arriva il maestro (S5): [Terminazione \"mossa non eseguita\"].\n",
    );
    let (master, event) = (tag_value(master), tag_value(event));
    let _ = write!(
        s,
        "[Evento \"{event}\"]\n[Data \"{}\"]\n[Maestro \"{master}\"]\n[Scacchiera \"{n}\"]\n[Bianco \"{master}\"]\n[Nero \"{}\"]\n[Risultato \"*\"]\n\n*\n",
        today.strftime("%Y.%m.%d"),
        tag_value(who.unwrap_or(""))
    );
    s
}

/// `arbitro simul new`: the boards' templates, none written over an existing file.
fn new_cmd(a: &NewArgs) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let people = match &a.partecipanti {
        Some(p) => {
            let text = arbitro::load::read_text(p, crate::cmd::limits())?;
            arbitro::tournament::list::read_list(&text)
                .map_err(|e| crate::cmd::tournament::list_error(p, e, lang))?
                .names
        }
        None => Vec::new(),
    };
    let boards = match (a.boards, people.len()) {
        (Some(n), m) if (n as usize) < m => {
            let list = a.partecipanti.as_deref().unwrap_or(Path::new("")).display();
            anyhow::bail!(crate::cmd::tr!(
                "{list} names {m} participants, more than --boards {n}",
                "{list} elenca {m} partecipanti, più di --boards {n}"
            ));
        }
        (Some(n), _) => n,
        (None, 0) => anyhow::bail!(crate::cmd::tr!(
            "how many boards? Give --boards N or --partecipanti FILE",
            "quante scacchiere? Indica --boards N o --partecipanti FILE"
        )),
        (None, m) => u32::try_from(m).unwrap_or(u32::MAX),
    };
    let master = a.maestro.trim();
    let event = a
        .evento
        .clone()
        .unwrap_or_else(|| format!("{} {master}", lang.t("Simul by", "Simultanea del maestro")));
    let width = boards.to_string().len();
    let names: Vec<PathBuf> = (1..=boards)
        .map(|n| a.out.join(format!("scacchiera-{n:0width$}.txt")))
        .collect();
    // Nothing is written when any board's file is already there (a person's work).
    if let Some(there) = names.iter().find(|p| p.exists()) {
        let there = there.display();
        anyhow::bail!(crate::cmd::tr!(
            "{there} already exists: nothing written (arbitro never writes over a sheet)",
            "{there} esiste già: non si è scritto nulla (arbitro non scrive mai sopra un formulario)"
        ));
    }
    std::fs::create_dir_all(&a.out)?;
    let today = jiff::Zoned::now().date();
    let inputs: Vec<&Path> = a.partecipanti.iter().map(PathBuf::as_path).collect();
    for (i, path) in names.iter().enumerate() {
        let who = people.get(i).map(String::as_str);
        let text = template(master, &event, i as u32 + 1, who, today);
        write_atomically(path, text.as_bytes(), Output::Document, &inputs)?;
    }
    diag!(
        "{} {} → {}",
        boards,
        lang.t("boards written", "scacchiere scritte"),
        a.out.display()
    );
    Ok(Exit::Valid)
}

pub fn run(args: &Args) -> Result<Exit> {
    if let Some(Sub::New(a)) = &args.command {
        return new_cmd(a);
    }
    let lang = crate::cmd::lang();
    let opts = SimulOptions {
        maestro: args.maestro.clone(),
        colours_agreed: args.colori_concordati,
        limits: crate::cmd::limits(),
        positions: args.out.is_some(),
        ..SimulOptions::default()
    };
    let s =
        simul::run(&args.paths, &opts).map_err(|e| anyhow::anyhow!(e.say(lang).into_owned()))?;
    for (p, why) in &s.passed_over {
        diag!("{}: {}", p.display(), why.say(lang));
    }
    match args.format {
        Format::Human => emit(&report::human(&s, lang))?,
        Format::Json => emit(&report::json(&s, lang))?,
        Format::Csv => emit(&report::csv(&s))?,
    }
    if let Some(out) = &args.out {
        let page = arbitro::report::simul::html::page(&s, lang);
        let mut inputs: Vec<&Path> = args.paths.iter().map(PathBuf::as_path).collect();
        let files: Vec<PathBuf> = s.boards.iter().map(|b| PathBuf::from(&b.file)).collect();
        inputs.extend(files.iter().map(PathBuf::as_path));
        write_atomically(out, page.as_bytes(), Output::Report, &inputs)?;
    }
    Ok(if s.unusable {
        Exit::Unusable
    } else {
        Exit::from_errors(s.has_error())
    })
}
