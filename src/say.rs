//! The run's language, chosen once (`--lang`, else `LANG`), and the words of the binary's
//! own messages in it. A leaf of the binary: the commands ([`crate::cmd`]) and the output
//! edge ([`crate::io`]) both speak through it.

use arbitro::lang::Lang;
use std::sync::OnceLock;

static LANG: OnceLock<Lang> = OnceLock::new();

/// Sets the language of the run (once, from `--lang` or the environment).
pub fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The language of this run's reports and messages (the one `--lang`, shared by every
/// command).
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or_else(Lang::from_env)
}

/// "error" in the run's language, before a message on standard error.
pub fn error_word() -> &'static str {
    lang().t("error", "errore")
}

/// `tr!("… {x} …", "… {x} …")`: the text in the run's language (English first, then
/// Italian), formatted like `format!` with the names captured.
macro_rules! tr {
    ($en:literal, $it:literal) => {
        match $crate::say::lang() {
            arbitro::lang::Lang::En => format!($en),
            arbitro::lang::Lang::It => format!($it),
        }
    };
}
pub(crate) use tr;
