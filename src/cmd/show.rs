//! `arbitro show` and what it shares with `render`: a game of either variant with its view,
//! and the ply a user names.

use crate::cmd::Exit;
use crate::cmd::args::ColorArg;
use crate::cmd::tr;
use crate::io::emit;
use anyhow::{Context, Result, bail};
use arbitro::lang::{Lang, count};
use arbitro::report::inert::inert;
use arbitro::verify::GameReport;
use arbitro::view::{Heading, View, ViewError};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro show samples/superscacchi/leoni-tigri-partita1.txt --at N:12\n  arbitro show samples/classical/handout-corretto.txt --ply 5\n  NO_COLOR=1 arbitro show samples/superscacchi/leoni-tigri-partita1.txt"
)]
pub struct Args {
    /// The game file.
    file: PathBuf,
    /// After this army's move: ARMY:MOVE (S:12, NE:3; classical white:3, black:3).
    #[arg(long)]
    at: Option<String>,
    /// After this many plies (0: the first position).
    #[arg(long)]
    ply: Option<usize>,
    /// Which game of a classical file (1 is the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// Colour.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorArg,
}

/// A game of any variant with its view and the heading of its page, for `show` and
/// `render` ([`arbitro::view::load`]: the game is replayed once).
pub fn load_view(path: &Path, game: u64) -> Result<(GameReport, View, Heading)> {
    match arbitro::view::load(path, game, crate::cmd::limits(), crate::cmd::zone()) {
        Ok(g) => Ok((g.report, g.view, g.heading)),
        Err(ViewError::Load(e)) => Err(e.into()),
        Err(ViewError::NoGame { file, game }) => bail!(tr!(
            "{file} has no game {game}",
            "{file} non ha una partita numero {game}"
        )),
        Err(ViewError::NoSetup(r)) => bail!("{}", no_setup(&r, crate::cmd::lang())),
    }
}

/// Which ply `--at ARMY:MOVE` or `--ply N` names (default: the end).
pub fn pick_ply(view: &View, at: Option<&str>, ply: Option<usize>) -> Result<usize> {
    let played = view.played();
    if let Some(n) = ply {
        if n > played {
            let plies = match crate::cmd::lang() {
                Lang::En => count(Lang::En, played, "ply", "plies"),
                Lang::It => count(Lang::En, played, "semimossa", "semimosse"),
            };
            bail!(tr!("the game has {plies}", "la partita ha {plies}"));
        }
        return Ok(n);
    }
    let Some(at) = at else { return Ok(played) };
    let (who, number) = at.split_once(':').with_context(|| {
        tr!(
            "write --at ARMY:MOVE, e.g. --at N:12 or --at white:3",
            "scrivi --at ESERCITO:MOSSA, per esempio --at N:12 o --at bianco:3"
        )
    })?;
    let who = match who.trim().to_lowercase().as_str() {
        "bianco" | "w" => "white".to_string(),
        "nero" | "b" => "black".to_string(),
        w => w.to_string(),
    };
    let number: u32 = number
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .with_context(|| {
            tr!(
                "`{number}` is not a move number (1, 2, …)",
                "`{number}` non è un numero di mossa (1, 2, …)"
            )
        })?;
    view.plies
        .iter()
        .take(played)
        .enumerate()
        .filter(|(_, p)| p.mover.eq_ignore_ascii_case(&who))
        .nth(number.saturating_sub(1) as usize)
        .map(|(i, _)| i + 1)
        .with_context(|| {
            // As the sheets write it: an army's code (`NE`), the classical sides by name.
            let who = match who.as_str() {
                "white" => crate::cmd::lang().t("white", "il Bianco").to_string(),
                "black" => crate::cmd::lang().t("black", "il Nero").to_string(),
                w => w.to_uppercase(),
            };
            tr!(
                "{who} has no move {number} in the replayed game",
                "{who} non ha una mossa {number} nella partita verificata"
            )
        })
}

/// Why a SuperScacchi game shows nothing: it has no set-up to be played from (its first
/// error says why).
fn no_setup(r: &GameReport, lang: Lang) -> String {
    let file = &r.file;
    let why = r
        .first_error()
        .map_or(String::new(), |f| format!(" ({})", f.message_in(lang)));
    match lang {
        Lang::En => format!(
            "{file}: the game has no set-up to be played from{why}, so nothing can be shown"
        ),
        Lang::It => format!(
            "{file}: la partita non ha una disposizione da cui giocarla{why}, quindi non c'è niente da mostrare"
        ),
    }
}

fn colors(color: ColorArg) -> arbitro::report::board::Colors {
    use arbitro::report::board::Colors;
    match color {
        ColorArg::Never => Colors::Plain,
        ColorArg::Auto
            if !std::io::stdout().is_terminal() || std::env::var_os("NO_COLOR").is_some() =>
        {
            Colors::Plain
        }
        _ if std::env::var("COLORTERM")
            .is_ok_and(|v| v.contains("truecolor") || v.contains("24bit")) =>
        {
            Colors::TrueColor
        }
        _ => Colors::Ansi256,
    }
}

pub fn run(args: &Args) -> Result<Exit> {
    let (report, view, _) = load_view(&args.file, args.game)?;
    let n = pick_ply(&view, args.at.as_deref(), args.ply)?;
    let lang = crate::cmd::lang();
    let width = arbitro::report::term::width();
    let mut out = heading(&report, &view, n, lang, width);
    let style = arbitro::report::board::Style {
        colors: colors(args.color),
        lang,
        width: usize::from(width),
    };
    // Team names come from the file: inert.
    let teams = report
        .teams()
        .map(|[b, d]| (inert(b).into_owned(), inert(d).into_owned()));
    let teams = teams.as_ref().map(|(b, d)| (b.as_str(), d.as_str()));
    out.push_str(&arbitro::report::board::draw(&view, n, &style, teams));
    out.push_str(&events_so_far(&report, n, lang));
    if n == view.played() && view.plies.len() > n {
        let bad = &view.plies[n];
        out.push_str(&inert(&match lang {
            Lang::En => format!(
                "the replay stops at the next move, {}: it is not legal\n",
                bad.label
            ),
            Lang::It => format!(
                "la verifica si ferma alla mossa seguente, {}: non è legale\n",
                bad.label
            ),
        }));
    }
    emit(&out)?;
    // Everything is shown; a game with an error still ends the run with 1.
    Ok(Exit::from_errors(report.first_error().is_some()))
}

/// The file and the position shown (on two lines when one would not fit the terminal),
/// and a mark on a move filled in from an unreadable one. The board is ours; the file's
/// name and the labels are made inert.
fn heading(report: &GameReport, view: &View, n: usize, lang: Lang, width: u16) -> String {
    let title = match (n, lang) {
        (0, _) => lang
            .t("the first position", "la posizione iniziale")
            .to_string(),
        (n, Lang::En) => format!("after ply {n}: {}", view.plies[n - 1].label),
        (n, Lang::It) => format!("dopo la semimossa {n}: {}", view.plies[n - 1].label),
    };
    let mut out = inert(&format!("{} — {title}", report.file)).into_owned();
    if arbitro::report::term::columns(&out) > usize::from(width) {
        out = inert(&format!("{}\n{title}", report.file)).into_owned();
    }
    out.push('\n');
    // A move filled in from an unreadable one is marked: the reader must see it was inferred.
    for f in report
        .findings
        .iter()
        .filter(|f| f.code == arbitro::finding::Code::FilledUnreadable && f.ply == Some(n as u32))
    {
        let mark = lang.t("✎ inferred, not read", "✎ ricostruita, non letta");
        out.push_str(&inert(&format!("{mark}: {}\n", f.message_in(lang))));
    }
    out
}

/// The events up to ply `n`, one a line.
fn events_so_far(report: &GameReport, n: usize, lang: Lang) -> String {
    let events: Vec<_> = report
        .events()
        .iter()
        .filter(|s| s.event.ply as usize <= n)
        .collect();
    if events.is_empty() {
        return String::new();
    }
    let mut out = format!("{}:\n", lang.t("events so far", "eventi fin qui"));
    let (ply, moved) = (lang.t("ply", "semimossa"), lang.t("move", "mossa"));
    // As wide as the longest event's name: `imprisonment`, `re messo in fuga`.
    let w = match lang {
        Lang::En => 12,
        Lang::It => 16,
    };
    for s in events {
        let e = &s.event;
        out.push_str(&inert(&format!(
            "  {ply} {:>4}  {:<w$} {:<3} {moved} {:<4} {} +{} ({})\n",
            e.ply,
            arbitro::report::verdict::event_name(lang, e.kind),
            e.army.code(),
            e.move_number.map_or("—".into(), |m| m.to_string()),
            report.team_of(e.army),
            s.points,
            e.rule
        )));
    }
    out
}
