//! `arbitro reconcile A B`: the two players' sheets of one classical game, side by side
//! (formats.md §8).

use crate::cmd::Exit;
use crate::cmd::tr;
use crate::io::{Output, check_target, emit, write_atomically};
use anyhow::{Context, Result, bail};
use arbitro::classical::reconcile::{self, Agreement, Sheet, SheetLetter};
use arbitro::classical::{self, ReplayOptions, write};
use arbitro::finding::Severity;
use arbitro::lang::Lang;
use arbitro::notation::classical::{GameResult, RawGame, games};
use arbitro::notation::san::Notation;
use arbitro::report::{game::human, reconcile as report};
use arbitro::verify::Variant;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum To {
    /// Standard PGN, English SAN.
    Pgn,
    /// Canonical Italian notation.
    It,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// Diagnostics and the side-by-side table, for people.
    Human,
    /// One JSON object.
    Json,
}

/// Aligns the two players' sheets of one game and writes the game they record.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro reconcile samples/classical/formulario-bianco.txt samples/classical/formulario-nero.txt\n  arbitro reconcile samples/classical/formulario-bianco.txt samples/classical/formulario-nero.txt --out partita.pgn --to pgn --lang it\n  arbitro reconcile samples/classical/formulario-macchiato.txt samples/classical/formulario-nero.txt --format json\n  arbitro reconcile samples/classical/formulario-bianco.txt samples/classical/formulario-nero.txt --result 1-0\n\nExit codes: 0 the sheets give one valid game, 1 an error or something unresolved (a tie, the result, different games, no legal move on either sheet), 2 unusable input or usage error."
)]
pub struct Args {
    /// Sheet A: a classical game file (Italian notation or PGN; the first game is read).
    pub sheet_a: PathBuf,
    /// Sheet B: the other player's sheet of the same game.
    pub sheet_b: PathBuf,
    /// Write the reconciled game here (atomically), with `{A: …, B: …}` where the sheets
    /// differ.
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// The notation of the game written with --out.
    #[arg(long, value_enum, default_value = "it")]
    pub to: To,
    /// The report's form.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// The result, when the sheets declare two and the moves do not decide (1-0, 0-1,
    /// 1/2-1/2): the arbiter's decision, written in the reconciled game.
    #[arg(long, value_name = "R", value_parser = result_value)]
    pub result: Option<GameResult>,
}

/// A result the arbiter gives: `1-0`, `0-1` or `1/2-1/2` (or a form of one, `½-½`); not `*`.
fn result_value(s: &str) -> std::result::Result<GameResult, String> {
    match GameResult::parse(s) {
        Some(r) if r != GameResult::Unknown => Ok(r),
        // Parsed before `--lang` is set: the language is read from the arguments as the
        // usage errors are (`cli::lang_of_args`).
        _ => Err(
            crate::cli::lang_of_args(&std::env::args_os().collect::<Vec<_>>())
                .t(
                    "a result is 1-0, 0-1 or 1/2-1/2",
                    "un risultato è 1-0, 0-1 o 1/2-1/2",
                )
                .to_string(),
        ),
    }
}

/// One sheet: a classical game file (a SuperScacchi game is refused: its sheets have no
/// moves of two sides to align).
fn read(path: &Path) -> Result<String> {
    let file = super::open_game(path)?;
    if Variant::detect(&file.text) == Variant::SuperScacchi {
        let name = &file.name;
        bail!(tr!(
            "{name}: a SuperScacchi game; reconcile reads two sheets of one classical game",
            "{name}: è una partita di SuperScacchi; reconcile legge i due formulari di una partita di scacchi classici"
        ));
    }
    Ok(file.text)
}

fn start_position(raw: &arbitro::notation::classical::RawGame<'_>) -> Result<Chess> {
    match raw.tag("FEN") {
        None => Ok(Chess::default()),
        Some(fen) => {
            let what = || tr!("the FEN tag of sheet A", "il tag FEN del formulario A");
            let fen: Fen = fen.parse().with_context(what)?;
            fen.into_position(CastlingMode::Standard).with_context(what)
        }
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    if let Some(out) = &args.out {
        check_target(out, Output::Document, &[&args.sheet_a, &args.sheet_b])?;
    }
    let names = (
        args.sheet_a.display().to_string(),
        args.sheet_b.display().to_string(),
    );
    let (text_a, text_b) = (read(&args.sheet_a)?, read(&args.sheet_b)?);
    let raw_a = games(&text_a).next().with_context(|| no_game(&names.0))?;
    let raw_b = games(&text_b).next().with_context(|| no_game(&names.1))?;
    let (sheet_a, sheet_b) = (Sheet::from_raw(&raw_a, None), Sheet::from_raw(&raw_b, None));
    let start = start_position(&raw_a)?;
    let mut rec = reconcile::reconcile(&sheet_a, &sheet_b, &start);
    put_sheet_findings_first(&mut rec, &raw_a, &raw_b);
    let notation = match args.to {
        To::Pgn => Notation::English,
        To::It => Notation::Italian,
    };
    // The reconciled game, replayed: first for the result the board gives (FIDE 5), then
    // with the result settled, for the file to write.
    let board = played(&reconcile::game_text(&rec, &raw_a, GameResult::Unknown))?
        .1
        .ending
        .map(|(ending, _)| ending.result());
    let declared = (raw_a.declared_result(), raw_b.declared_result());
    let settled = reconcile::settle(declared.0, declared.1, board, args.result);
    rec.findings
        .extend(reconcile::result_finding(&settled, &raw_b));
    let text = reconcile::game_text(&rec, &raw_a, settled.result);
    let (game, replay) = played(&text)?;
    for f in replay
        .findings
        .iter()
        .filter(|f| f.severity() > Severity::Info)
    {
        let mut f = f.clone();
        f.span = None;
        rec.findings.push(reconcile::SheetFinding {
            side: None,
            finding: f,
        });
    }
    let result = replay.result.as_str();
    let failed = rec
        .findings
        .iter()
        .any(|f| f.finding.severity() == Severity::Error);
    match args.format {
        Format::Json => {
            let v = report::json(
                &rec,
                (&names.0, &names.1),
                (Some(result), &settled),
                notation,
                lang,
            );
            emit(&format!("{}\n", serde_json::to_string_pretty(&v)?))?;
        }
        Format::Human => {
            let texts = [(&names.0, &text_a), (&names.1, &text_b)];
            emit(&human_text(&rec, texts, notation, (result, &settled), lang))?;
        }
    }
    if let Some(path) = &args.out {
        if rec.outcome != Agreement::Reconciled {
            crate::io::diag!(
                "arbitro: {} {}",
                path.display(),
                lang.t(
                    "not written: the sheets do not give one game",
                    "non scritto: i due formulari non danno una partita sola"
                )
            );
            return Ok(Exit::Findings);
        }
        let comments = report::comments(&rec, &settled, lang);
        let written = write::write_game_with(&game, &replay, notation, &comments);
        write_atomically(
            path,
            written.as_bytes(),
            Output::Document,
            &[&args.sheet_a, &args.sheet_b],
        )?;
    }
    Ok(Exit::from_errors(failed))
}

/// A game text read back and replayed (English SAN, as [`reconcile::game_text`] writes it).
fn played(text: &str) -> Result<(RawGame<'_>, classical::Replay)> {
    let game = games(text)
        .next()
        .with_context(|| tr!("the reconciled game", "la partita riconciliata"))?;
    let replay = classical::replay(
        &game,
        &ReplayOptions {
            notation: Some(Notation::English),
        },
    );
    Ok((game, replay))
}

/// "FILE: no game in this file", in the run's language.
fn no_game(name: &str) -> String {
    tr!(
        "{name}: no game in this file",
        "{name}: nel file non c'è nessuna partita"
    )
}

/// What the sheets themselves say (a tag or a comment that cannot be read) comes first,
/// then the tags they give differently, then the moves.
fn put_sheet_findings_first(
    rec: &mut reconcile::Reconciliation,
    raw_a: &RawGame<'_>,
    raw_b: &RawGame<'_>,
) {
    let mut first: Vec<reconcile::SheetFinding> =
        [(SheetLetter::A, raw_a), (SheetLetter::B, raw_b)]
            .into_iter()
            .flat_map(|(side, raw)| {
                raw.errors.iter().map(move |f| reconcile::SheetFinding {
                    side: Some(side),
                    finding: f.clone(),
                })
            })
            .collect();
    first.extend(reconcile::tag_differences(raw_a, raw_b));
    first.append(&mut rec.findings);
    rec.findings = first;
}

/// The report for people: each finding on its sheet's line, the two sheets side by side
/// (and the other reading, when there are two), the summary.
fn human_text(
    rec: &reconcile::Reconciliation,
    texts: [(&String, &String); 2],
    notation: Notation,
    (result, settled): (&str, &reconcile::SettledResult),
    lang: Lang,
) -> String {
    let style = human::Style {
        lang,
        ..human::Style::default()
    };
    let mut out = String::new();
    for f in &rec.findings {
        let (file, text) = match f.side {
            Some(SheetLetter::B) => texts[1],
            _ => texts[0],
        };
        out.push_str(&human::diagnostic(file, text, &f.finding, &style));
        out.push('\n');
    }
    if rec.outcome != Agreement::DifferentGames {
        out.push_str(&report::table(&rec.rows, lang, notation));
    }
    if rec.outcome == Agreement::Ambiguous {
        out.push_str(lang.t("The other reading:\n", "L'altra lettura:\n"));
        out.push_str(&report::table(&rec.alternative, lang, notation));
    }
    out.push_str(&report::summary(rec, settled, result, lang));
    out
}
