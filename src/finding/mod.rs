//! Findings: what arbitro reports about a game, with stable codes and severities
//! (`formats.md` section 4).
//!
//! - [`code`]: the table of codes, each with its severity.
//! - [`wording`]: how each finding is said, in English and Italian: one constructor per
//!   finding, taking typed data. The engines (`classical`, `superscacchi`, `notation`,
//!   `tournament`, `batch`, `verify`, `load`) compute *what* happened and call these
//!   constructors; they never write a sentence themselves.

mod code;
pub mod wording;

pub use code::Code;

use crate::geometry::Army;
use crate::lang::{Bi, Lang};
use crate::span::Span;
use serde::Serialize;
use shakmaty::Color;
use std::fmt;

/// How serious a finding is. A game is valid iff it has no `Error` finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; the game is fine.
    Info,
    /// A slip of the pen; the game stands.
    Warning,
    /// The game as written is not valid.
    Error,
}

impl Severity {
    /// The lowercase name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing arbitro noticed about a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The stable code; the severity follows from it.
    pub code: Code,
    /// The rule cited (`R15`, `FIDE 3.4`, …), when there is one.
    pub rule: Option<&'static str>,
    /// The sheet: a SuperScacchi army, or White / Black.
    pub army: Option<Mover>,
    /// The move number written on the sheet.
    pub move_number: Option<u32>,
    /// Moves played so far in the merged game, 1-based.
    pub ply: Option<u32>,
    /// Where in the file.
    pub span: Option<Span>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The short label under the caret ("the queen on d1 cannot reach h4").
    pub label: Option<String>,
    /// A suggestion ("did you mean Dh5?").
    pub hint: Option<String>,
    /// A severity other than the code's, for the one code whose table row allows two
    /// (`sheets-differ`: info when one reading was illegal, warning when both were legal).
    pub level: Option<Severity>,
    /// The same texts in Italian (boxed: most games have no finding, and a finding's
    /// size matters to the replay). `message`, `label` and `hint` above stay English.
    pub italian: Option<Box<Italian>>,
    /// What the finding proposes to read instead (formats.md §4: `proposed`,
    /// `belongs_to`), boxed for the same reason.
    pub proposal: Option<Box<Proposal>>,
}

/// A reading a finding proposes (R32a and its classical twin, formats.md §4 and §8).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proposal {
    /// The moves that fit, each as the sheet would write it (`"P l2 - l3"`, `"Cf3"`),
    /// best first; empty when none does.
    pub moves: Vec<String>,
    /// A line written on the wrong sheet: the army and move number it belongs to.
    pub belongs_to: Option<(Mover, u32)>,
}

/// A finding's texts in Italian, beside the English ones; read them with
/// [`Finding::message_in`], [`Finding::label_in`] and [`Finding::hint_in`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Italian {
    /// The message.
    pub message: Option<String>,
    /// The label under the caret.
    pub label: Option<String>,
    /// The hint ("intendevi Dh5?").
    pub hint: Option<String>,
}

impl Finding {
    /// A finding with only a code and a message.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Finding {
            code,
            rule: None,
            army: None,
            move_number: None,
            ply: None,
            span: None,
            message: message.into(),
            label: None,
            hint: None,
            level: None,
            italian: None,
            proposal: None,
        }
    }

    /// A finding with its message in English and in Italian.
    pub fn new2(code: Code, en: impl Into<String>, it: impl Into<String>) -> Self {
        Finding::new(code, en).it(it)
    }

    /// A finding with its message in both languages.
    pub fn said(code: Code, message: Bi) -> Self {
        Finding::new(code, message.en).it(message.it)
    }

    /// Sets the label under the caret in both languages.
    pub fn labelled(self, label: Bi) -> Self {
        self.label2(label.en, label.it)
    }

    /// Sets the hint in both languages.
    pub fn hinted(self, hint: Bi) -> Self {
        self.hint2(hint.en, hint.it)
    }

    fn italian_mut(&mut self) -> &mut Italian {
        self.italian.get_or_insert_with(Box::default)
    }

    /// Sets the message in Italian.
    pub fn it(mut self, message: impl Into<String>) -> Self {
        self.italian_mut().message = Some(message.into());
        self
    }

    /// Sets the label under the caret in English and in Italian.
    pub fn label2(self, en: impl Into<String>, it: impl Into<String>) -> Self {
        let mut f = self.label(en);
        f.italian_mut().label = Some(it.into());
        f
    }

    /// Sets the hint in English and in Italian.
    pub fn hint2(self, en: impl Into<String>, it: impl Into<String>) -> Self {
        let mut f = self.hint(en);
        f.italian_mut().hint = Some(it.into());
        f
    }

    /// Takes the Italian texts of `it`, the same finding built in Italian (for code that
    /// builds its texts from the language: the tournament's checks).
    pub fn with_italian_of(mut self, it: &Finding) -> Self {
        let italian = self.italian_mut();
        italian.message = Some(it.message.clone());
        italian.label.clone_from(&it.label);
        italian.hint.clone_from(&it.hint);
        self
    }

    /// Rewrites the message in both languages (a prefix, a renumbering); `edit` returns
    /// `None` to leave a text as it is.
    pub fn edit_message(&mut self, edit: impl Fn(&str) -> Option<String>) {
        if let Some(m) = edit(&self.message) {
            self.message = m;
        }
        if let Some(it) = self.italian.as_deref_mut()
            && let Some(m) = it.message.as_deref().and_then(&edit)
        {
            it.message = Some(m);
        }
    }

    /// The message in a language. The one rule for every text of a finding: the Italian
    /// text when there is one and Italian is asked for, else the English one.
    pub fn message_in(&self, lang: Lang) -> &str {
        self.in_lang(lang, |i| i.message.as_deref())
            .unwrap_or(&self.message)
    }

    /// The label in a language (English when it has no Italian text).
    pub fn label_in(&self, lang: Lang) -> Option<&str> {
        self.label
            .as_deref()
            .map(|en| self.in_lang(lang, |i| i.label.as_deref()).unwrap_or(en))
    }

    /// The hint in a language (English when it has no Italian text).
    pub fn hint_in(&self, lang: Lang) -> Option<&str> {
        self.hint
            .as_deref()
            .map(|en| self.in_lang(lang, |i| i.hint.as_deref()).unwrap_or(en))
    }

    fn in_lang<'a>(
        &'a self,
        lang: Lang,
        pick: impl Fn(&'a Italian) -> Option<&'a str>,
    ) -> Option<&'a str> {
        match lang {
            Lang::It => self.italian.as_deref().and_then(pick),
            Lang::En => None,
        }
    }

    /// Sets the moves the finding proposes (best first; none: no move fits).
    pub fn proposing(mut self, moves: Vec<String>) -> Self {
        self.proposal.get_or_insert_with(Box::default).moves = moves;
        self
    }

    /// Sets whose move a line written on the wrong sheet is.
    pub fn belonging_to(mut self, army: impl Into<Mover>, number: u32) -> Self {
        self.proposal.get_or_insert_with(Box::default).belongs_to = Some((army.into(), number));
        self
    }

    /// The severity of the finding's code.
    pub fn severity(&self) -> Severity {
        self.level.unwrap_or(self.code.severity())
    }

    /// Sets a severity other than the code's (see [`Finding::level`]).
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.level = Some(severity);
        self
    }

    /// Sets the rule cited.
    pub fn rule(mut self, rule: &'static str) -> Self {
        self.rule = Some(rule);
        self
    }

    /// Sets where in the file.
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Sets the label under the caret.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The sheet's name as the reports write it (`"S"`, `"white"`).
    pub fn army_name(&self) -> Option<&'static str> {
        self.army.map(Mover::as_str)
    }

    /// Sets the sheet, the written move number and the ply.
    pub fn on_sheet(mut self, army: impl Into<Mover>, move_number: u32, ply: u32) -> Self {
        self.army = Some(army.into());
        self.move_number = Some(move_number);
        self.ply = Some(ply);
        self
    }
}

/// Whose sheet a finding is on: a SuperScacchi army or a classical side. It is written as
/// the reports have always written it (`"S"`, `"NE"`; `"white"`, `"black"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// A SuperScacchi army.
    Army(Army),
    /// A classical side.
    Color(Color),
}

/// Puts a game's findings in the order of the sheet (line, then column), whatever their
/// severity (issue 28): what the judge reads top to bottom. Findings about the whole file
/// (no place) come first; findings at one place keep their order.
pub fn in_sheet_order(findings: &mut [Finding]) {
    findings.sort_by_key(|f| f.span.map(|s| (s.line, s.column)));
}

impl Mover {
    /// The name the reports write: the army's code, or `white` / `black`.
    ///
    /// ```
    /// use arbitro::finding::Mover;
    /// assert_eq!(Mover::Color(shakmaty::Color::Black).as_str(), "black");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Mover::Army(a) => a.code(),
            Mover::Color(shakmaty::Color::White) => "white",
            Mover::Color(shakmaty::Color::Black) => "black",
        }
    }

    /// The army, when it is one.
    pub fn army(self) -> Option<Army> {
        match self {
            Mover::Army(a) => Some(a),
            Mover::Color(_) => None,
        }
    }
}

impl From<Army> for Mover {
    fn from(a: Army) -> Self {
        Mover::Army(a)
    }
}

impl From<Color> for Mover {
    fn from(c: Color) -> Self {
        Mover::Color(c)
    }
}

impl fmt::Display for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Mover {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
