//! The contest document for the judge (`arbitro contest --out FILE`, R43): who contests
//! which game (Evento, Data, Gara, Partita, the teams), the contest itself, every sheet
//! line the differences rest on, quoted, and room for the captain's and the judge's
//! signatures. Plain text, or an HTML page that prints on A4: self-contained and inert
//! (no script, no link, every text from the file escaped and made inert).

use crate::lang::date::TagDate;
use crate::lang::{Lang, Say};
use crate::notation::superscacchi::{SsGame, parse, prepare};
use crate::report::inert::{html_escape, inert};
use crate::report::page;
use crate::report::verdict::describe_item;
use crate::superscacchi::contest::{Contest, Item};
use crate::superscacchi::register::Register;
use crate::superscacchi::score::PenaltyKind;
use std::fmt::Write;

/// A line of the game file a difference rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cited {
    /// The team whose total differs.
    pub team: String,
    /// What the line stands for ("the declared totals", an event, a penalty).
    pub what: String,
    /// 1-based line number in the file.
    pub line: u32,
    /// The line as written.
    pub text: String,
}

/// Everything the document shows.
#[derive(Debug, Clone)]
pub struct Document {
    /// The language.
    pub lang: Lang,
    /// The game file, as named on the command line.
    pub file: String,
    /// `[Evento]`, `[Data]` (day first in Italian), `[Gara]`, `[Partita]`, as written
    /// (absent ones left out).
    pub tags: Vec<(&'static str, String)>,
    /// Besiegers' and besieged team.
    pub teams: [String; 2],
    /// The contesting team.
    pub team: String,
    /// The contest as `arbitro contest` prints it.
    pub body: String,
    /// The lines the differences rest on, in file order per team.
    pub cited: Vec<Cited>,
}

impl Document {
    /// The document of contest `c` of the game in `text` (the file's decoded text), with
    /// `body`, the contest as printed ([`crate::report::verdict::contest_report`]).
    pub fn new(
        lang: Lang,
        file: &str,
        text: &str,
        register: &Register,
        c: &Contest,
        body: String,
    ) -> Document {
        let clean = prepare(text);
        let game = parse(&clean);
        let tags = ["Evento", "Data", "Gara", "Partita"]
            .into_iter()
            .filter_map(|t| match (t, game.tag(t)) {
                ("Data", Some(v)) => Some((t, TagDate(v).say(lang).into_owned())),
                (_, v) => v.map(|v| (t, v.to_string())),
            })
            .collect();
        Document {
            lang,
            file: file.to_string(),
            tags,
            teams: register.teams.clone(),
            team: register.teams[c.team].clone(),
            body,
            cited: cited(lang, text, &game, register, c),
        }
    }
}

/// Every line a difference rests on: the declared totals, then the moves of the events
/// and the tags of the penalties its explanation names (material has no line: it is the
/// final position).
fn cited(
    lang: Lang,
    text: &str,
    game: &SsGame<'_>,
    register: &Register,
    c: &Contest,
) -> Vec<Cited> {
    let line_text = |n: u32| {
        text.lines()
            .nth(n.saturating_sub(1) as usize)
            .unwrap_or("")
            .trim_end()
            .to_string()
    };
    let mut out: Vec<Cited> = Vec::new();
    for d in &c.differences {
        let team = &register.teams[d.team];
        let mut push = |what: String, line: u32| {
            if !out.iter().any(|q| q.line == line && &q.team == team) {
                out.push(Cited {
                    team: team.clone(),
                    what,
                    line,
                    text: line_text(line),
                });
            }
        };
        if let Some(s) = game.tag_span("Risultato") {
            push(
                lang.t("the declared totals", "i totali dichiarati")
                    .to_string(),
                s.line,
            );
        }
        for item in d.explanation.sets.iter().flatten() {
            if let Some(line) = item_line(game, item) {
                push(describe_item(lang, item), line);
            }
        }
    }
    out
}

/// The line of the file an item stands on: the move of an event, the tag of a penalty.
fn item_line(game: &SsGame<'_>, item: &Item) -> Option<u32> {
    match item {
        Item::Event(e) => {
            let n = e.event.move_number?;
            let sheet = game.sheets.iter().find(|s| s.army == e.event.army)?;
            sheet
                .lines
                .iter()
                .find(|l| l.number == n)
                .map(|l| l.span.line)
        }
        Item::Penalty(p) => {
            let tag = match p.kind {
                PenaltyKind::Warning(_) => "Ammonimenti",
                PenaltyKind::TimeOut => "TempoEsaurito",
                PenaltyKind::Resignation => "Abbandono",
            };
            game.tag_span(tag).map(|s| s.line)
        }
        Item::Pieces { .. } | Item::Piece { .. } => None,
    }
}

fn title(lang: Lang) -> &'static str {
    lang.t(
        "CONTEST — DOCUMENT FOR THE JUDGE (R43)",
        "RECLAMO — DOCUMENTO PER IL GIUDICE (R43)",
    )
}

fn cited_heading(lang: Lang) -> &'static str {
    lang.t(
        "Sheet lines the differences rest on",
        "Righe del foglio su cui poggiano le differenze",
    )
}

fn no_cited(lang: Lang) -> &'static str {
    lang.t(
        "No difference rests on a sheet line.",
        "Nessuna differenza poggia su una riga del foglio.",
    )
}

/// The signature lines: the captain's, then the judge's with the decision.
fn signatures(lang: Lang, team: &str) -> [String; 3] {
    [
        format!(
            "{} ({team})",
            lang.t("Captain's signature", "Firma del capitano")
        ),
        lang.t("Judge's signature", "Firma del giudice").to_string(),
        lang.t(
            "Judge's decision (accepted / rejected), date and time",
            "Decisione del giudice (accolto / respinto), data e ora",
        )
        .to_string(),
    ]
}

fn teams_line(lang: Lang, teams: &[String; 2]) -> String {
    format!(
        "{}: {}; {}: {}",
        lang.t("Besiegers (assedianti)", "Assedianti"),
        teams[0],
        lang.t("Besieged (assediati)", "Assediati"),
        teams[1]
    )
}

/// The document as plain text (made inert for a terminal or a printer).
pub fn text(doc: &Document) -> String {
    let lang = doc.lang;
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", title(lang));
    for (tag, value) in &doc.tags {
        let _ = writeln!(out, "{tag}: {value}");
    }
    let _ = writeln!(out, "{}", teams_line(lang, &doc.teams));
    let _ = writeln!(out, "{}: {}\n", lang.t("File", "File"), doc.file);
    out.push_str(&doc.body);
    let _ = writeln!(out, "\n{}:", cited_heading(lang));
    if doc.cited.is_empty() {
        let _ = writeln!(out, "{}", no_cited(lang));
    }
    for q in &doc.cited {
        let _ = writeln!(
            out,
            "- {} — {} ({} {}):\n    {}",
            q.team,
            q.what,
            lang.t("line", "riga"),
            q.line,
            q.text.trim()
        );
    }
    for s in signatures(lang, &doc.team) {
        let _ = writeln!(
            out,
            "\n\n{s}:\n\n    ________________________________________"
        );
    }
    inert(&out).into_owned()
}

/// The document as an HTML page that prints on A4: no script, no link, no image; every
/// text from the file escaped and made inert.
pub fn html(doc: &Document) -> String {
    let lang = doc.lang;
    let e = |s: &str| html_escape(&inert(s));
    let mut head = String::new();
    for (tag, value) in &doc.tags {
        let _ = write!(head, "<tr><th>{tag}</th><td>{}</td></tr>", e(value));
    }
    let _ = write!(
        head,
        "<tr><th>{}</th><td>{}</td></tr><tr><th>{}</th><td>{}</td></tr><tr><th>{}</th><td>{}</td></tr>",
        lang.t("Besiegers (assedianti)", "Assedianti"),
        e(&doc.teams[0]),
        lang.t("Besieged (assediati)", "Assediati"),
        e(&doc.teams[1]),
        lang.t("File", "File"),
        e(&doc.file)
    );
    let mut cited = String::new();
    for q in &doc.cited {
        let _ = write!(
            cited,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            e(&q.team),
            e(&q.what),
            q.line,
            e(q.text.trim())
        );
    }
    let cited = if doc.cited.is_empty() {
        format!("<p>{}</p>", no_cited(lang))
    } else {
        format!(
            "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{cited}</table>",
            lang.t("team", "squadra"),
            lang.t("item", "voce"),
            lang.t("line", "riga"),
            lang.t("as written", "come scritta")
        )
    };
    let mut signs = String::new();
    for s in signatures(lang, &doc.team) {
        let _ = write!(signs, "<div class=\"sign\">{}</div>", e(&s));
    }
    let mut out = page::open(&page::Head {
        lang,
        title: title(lang),
        style: STYLE,
        script: page::Script::None,
    });
    let _ = write!(
        out,
        r#"<h1>{title}</h1>
<table>{head}</table>
<h2>{contest}</h2>
<pre>{body}</pre>
<h2>{cited_heading}</h2>
{cited}
{signs}
"#,
        title = html_escape(title(lang)),
        contest = lang.t("The contest", "Il reclamo"),
        body = e(&doc.body),
        cited_heading = cited_heading(lang),
    );
    out.push_str(page::CLOSE);
    out
}

/// The document's own style (after the base style of every page): one A4 page, printed.
const STYLE: &str = "@page { size: A4; margin: 18mm; }
body { font-family: serif; font-size: 11pt; color: #000; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 14pt; } h2 { font-size: 12pt; margin-top: 8mm; }
table { width: 100%; } th, td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
pre { white-space: pre-wrap; font-size: 10pt; border: 1px solid #000; padding: 2mm; }
.sign { margin-top: 14mm; border-top: 1px solid #000; padding-top: 1mm; width: 60%; page-break-inside: avoid; }
";
