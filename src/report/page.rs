//! The one HTML shell of every page arbitro writes (the game viewer, the contest document,
//! the tournament's standings, and any page added later): the doctype, the page's
//! language, a content security policy that lets the page load nothing from anywhere
//! (only its own inline style, and its inline script when it has one), the title and a
//! base style. A page gives its own style and body; [`open`] writes everything up to
//! `<body>` and [`CLOSE`] ends it.

use super::inert::html_escape;
use crate::lang::Lang;

/// The style every page starts from; a page's own style follows it.
pub const BASE_STYLE: &str = "table{border-collapse:collapse}";

/// What ends every page.
pub const CLOSE: &str = "</body></html>\n";

/// Whether a page runs its own inline script (the viewer steps through the game); no page
/// loads a script, a font, an image or a style from anywhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Script {
    None,
    Inline,
}

/// What a page puts in its head.
pub struct Head<'a> {
    pub lang: Lang,
    /// The title as text (escaped here).
    pub title: &'a str,
    /// The page's own style, after [`BASE_STYLE`].
    pub style: &'a str,
    pub script: Script,
}

/// The content security policy of a page: nothing from the network, nothing from a file,
/// only what the page itself holds.
fn policy(script: Script) -> &'static str {
    match script {
        Script::None => "default-src 'none'; style-src 'unsafe-inline'",
        Script::Inline => {
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
        }
    }
}

/// The page up to and including `<body>` and a new line.
pub fn open(head: &Head) -> String {
    let style = head.style.trim_end_matches('\n');
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
         <title>{}</title>\n<style>\n{BASE_STYLE}\n{style}\n</style></head><body>\n",
        head.lang.t("en", "it"),
        policy(head.script),
        html_escape(head.title),
    )
}

/// JSON as the text of a `<script>` element: `<`, `>` and `&` are written as `\u003c`,
/// `\u003e` and `\u0026`, so no text in the data can end the script (`</script>`) or
/// start a comment that swallows the rest of it (`<!--<script>`); U+2028 and U+2029 as
/// `\u2028`, `\u2029`. Outside strings JSON has none of these characters, so the data
/// read by the script is unchanged.
pub fn script_json(data: &serde_json::Value) -> String {
    script_text(&serde_json::to_string(data).expect("plain data"))
}

/// [`script_json`] for JSON already written as text (the tournament's standings).
pub fn script_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shell_names_the_language_escapes_the_title_and_loads_nothing() {
        let head = Head {
            lang: Lang::It,
            title: "Leoni <b>& \"Tigri\"",
            style: "h1{color:red}\n",
            script: Script::None,
        };
        assert_eq!(
            open(&head),
            "<!DOCTYPE html>\n<html lang=\"it\"><head><meta charset=\"utf-8\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
             <title>Leoni &lt;b&gt;&amp; &quot;Tigri&quot;</title>\n<style>\n\
             table{border-collapse:collapse}\nh1{color:red}\n</style></head><body>\n"
        );
        let viewer = open(&Head {
            lang: Lang::En,
            script: Script::Inline,
            ..head
        });
        assert!(viewer.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(viewer.contains("script-src 'unsafe-inline'\">"));
    }
}
