//! `arbitro new`: an empty game file to fill in, with every tag and a line of each kind.

use crate::cmd::Exit;
use crate::io::{Output, emit, write_atomically};
use anyhow::Result;
use clap::ValueEnum;
use std::fmt::Write;
use std::path::PathBuf;

/// Which game file.
#[derive(Clone, Copy, ValueEnum)]
pub enum Kind {
    /// A SuperScacchi game: the register tags and eight empty sheets (formats.md §1).
    Superscacchi,
    /// A classical game in Italian notation (formats.md §3).
    Classical,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro new superscacchi --out gara.txt\n  arbitro new classical --out partita.txt\n\nThen fill in the tags and the sheets, and run: arbitro verify gara.txt"
)]
pub struct Args {
    /// The kind of game file.
    #[arg(value_enum)]
    kind: Kind,
    /// Write here (atomically) instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

/// The SuperScacchi template: every tag of formats.md §1 (the clock's, R44–R46, empty
/// for the judge) and eight sheets, dated `today`.
pub fn superscacchi(today: jiff::civil::Date) -> String {
    let template = String::from(
        "% Partita di SuperScacchi: compilare i tag e i fogli, poi `arbitro verify` su questo file.\n\
         % Una riga per mossa: NUMERO. PENNA MOSSA (R33, R34). Esempi, uno per tipo:\n\
         %   1. nera  P h2 - h3          mossa tranquilla degli assedianti (penna nera)\n\
         %   1. blu   P e4 - e3          mossa tranquilla degli assediati (penna blu)\n\
         %   2. rossa C f1 X Pg3         presa (penna rossa; X e il pezzo preso)\n\
         %   3. rossa T l3 + l6          scacco (il segno sta al posto del trattino)\n\
         %   4. rossa R h1 ++ h9         matto;  +++ re imprigionato;  +++++ re in fuga\n\
         %   5. rossa Re e7 0 f8         re liberato (R21)\n\
         %   6. rossa P g6 - g7 =R       promozione;  P f5 X Pg4 e.p.  presa en passant\n\
         [Evento \"\"]\n\
         [Data \"2026-01-31\"]\n\
         [Gara \"Squadra1-Squadra2\"]\n\
         [Partita \"1\"]\n\
         [Modalita \"4v4\"]\n\
         [Assedianti \"Squadra1\"]\n\
         [Assediati \"Squadra2\"]\n\
         [Disposizione \"assedio-corto\"]\n\
         [Inizio \"\"]\n\
         [Fine \"2026-01-31T18:00\"]\n\
         [Sospensioni \"\"]\n\
         [Orologio \"\"]\n\
         [Ammonimenti \"Squadra1: 0, Squadra2: 0\"]\n\
         [TempoEsaurito \"\"]\n\
         [Abbandono \"\"]\n\
         [Risultato \"Squadra1: 0, Squadra2: 0\"]\n",
    );
    let mut s = template.replace("2026-01-31", &today.strftime("%Y-%m-%d").to_string());
    for army in ["S", "SO", "O", "NO", "N", "NE", "E", "SE"] {
        let _ = write!(s, "\n[Esercito \"{army}\"]\n[Giocatore \"\"]\n");
    }
    s
}

/// The classical template (formats.md §3, seed 003's notation), dated `today`.
pub fn classical(today: jiff::civil::Date) -> String {
    "% Partita in notazione italiana: compilare i tag e le mosse, poi `arbitro verify`.\n\
     % Pezzi: R re, D donna, T torre, A alfiere, C cavallo (i pedoni non hanno lettera).\n\
     % Esempio: 1.e4 e5; 2.Ac4 d6; 3.Dh5 Cf6; 4.Dxf7#   arrocco 0-0, 0-0-0; promozione e8=D\n\
     [Evento \"\"]\n\
     [Data \"2026.01.31\"]\n\
     [Fase \"1\"]\n\
     [Girone \"1\"]\n\
     [Bianco \"Cognome, Nome\"]\n\
     [Nero \"Cognome, Nome\"]\n\
     [Risultato \"*\"]\n\
     \n\
     *\n"
    .replace("2026.01.31", &today.strftime("%Y.%m.%d").to_string())
}

pub fn run(args: &Args) -> Result<Exit> {
    // Dated today, as a sheet is written on the day it is played.
    let today = jiff::Zoned::now().date();
    let text = match args.kind {
        Kind::Superscacchi => superscacchi(today),
        Kind::Classical => classical(today),
    };
    match &args.out {
        Some(path) => write_atomically(path, text.as_bytes(), Output::Document, &[])?,
        None => emit(&text)?,
    }
    Ok(Exit::Valid)
}
