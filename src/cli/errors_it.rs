//! clap's usage errors in Italian (issue 32 point 5): the error's kind and context said
//! again, the usage line with its Italian heading, the way to more help.

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, Error, ErrorFormatter, ErrorKind};
use std::fmt::Write;

/// The formatter of usage errors under Italian: `error.apply::<Italian>()`.
pub struct Italian;

impl ErrorFormatter for Italian {
    fn format_error(error: &Error<Self>) -> StyledStr {
        let mut out = format!("errore: {}", message(error));
        if let Some(ContextValue::String(s)) = error.get(ContextKind::SuggestedArg) {
            let _ = write!(out, "\n\n  suggerimento: forse intendevi '{s}'?");
        }
        if let Some(ContextValue::String(s)) = error.get(ContextKind::SuggestedSubcommand) {
            let _ = write!(out, "\n\n  suggerimento: forse intendevi '{s}'?");
        }
        if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
            let usage = usage.to_string();
            let usage = usage
                .strip_prefix("Usage:")
                .map_or(usage.clone(), |u| format!("Uso:{u}"));
            let _ = write!(out, "\n\n{}", italian_usage(&usage));
        }
        out.push_str("\n\nPer saperne di più, prova '--help'.\n");
        let mut styled = StyledStr::new();
        styled.push_str(&out);
        styled
    }
}

/// clap's placeholders in a usage line, in Italian, and the words of the `help` command
/// clap adds itself (no setting names them: `arbitro help`, `arbitro tournament help`).
pub fn italian_usage(usage: &str) -> String {
    usage
        .replace("[OPTIONS]", "[OPZIONI]")
        .replace("[COMMAND]", "[COMANDO]")
        .replace(
            "Print this message or the help of the given subcommand(s)",
            "mostra questo aiuto, o quello del comando dato",
        )
        .replace(
            "Print help for the subcommand(s)",
            "mostra l'aiuto del comando dato",
        )
        .replace("\nUsage: ", "\nUso: ")
        .replace("\nArguments:\n", "\nArgomenti:\n")
}

/// A context value as text: one string, or several joined by commas.
fn text(v: Option<&ContextValue>) -> String {
    match v {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::Number(n)) => n.to_string(),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => String::new(),
    }
}

/// What is wrong, in Italian.
fn message(error: &Error<Italian>) -> String {
    let arg = text(error.get(ContextKind::InvalidArg));
    let value = text(error.get(ContextKind::InvalidValue));
    let valid = text(error.get(ContextKind::ValidValue));
    let with_values = |m: String| {
        if valid.is_empty() {
            m
        } else {
            format!("{m}\n  [valori possibili: {valid}]")
        }
    };
    match error.kind() {
        ErrorKind::MissingRequiredArgument => match error.get(ContextKind::InvalidArg) {
            Some(ContextValue::Strings(v)) => {
                let mut m = "mancano questi argomenti obbligatori:".to_string();
                for a in v {
                    let _ = write!(m, "\n  {a}");
                }
                m
            }
            _ => "manca un argomento obbligatorio".to_string(),
        },
        ErrorKind::InvalidValue if value.is_empty() => with_values(format!(
            "'{arg}' vuole un valore, ma non ne è stato dato nessuno"
        )),
        ErrorKind::InvalidValue => with_values(format!("valore non valido '{value}' per '{arg}'")),
        ErrorKind::ValueValidation => {
            // The parser's own reason (never `error.to_string()`: that formats the error
            // with this very formatter again, without end).
            let why = std::error::Error::source(error)
                .map(|e| e.to_string())
                .unwrap_or_default();
            let why = if why.contains("invalid digit") || why.contains("empty string") {
                ": non è un numero intero".to_string()
            } else if why.contains("too large")
                || why.contains("too small")
                || why.contains(" is not in ")
            {
                ": il numero è fuori misura".to_string()
            } else if why.is_empty() {
                String::new()
            } else {
                // A parser of arbitro's own says why in the run's language.
                format!(": {why}")
            };
            format!("valore non valido '{value}' per '{arg}'{why}")
        }
        ErrorKind::UnknownArgument => format!("argomento inatteso '{arg}'"),
        ErrorKind::InvalidSubcommand => format!(
            "comando sconosciuto '{}'",
            text(error.get(ContextKind::InvalidSubcommand))
        ),
        ErrorKind::MissingSubcommand => format!(
            "'{}' vuole un comando, ma non ne è stato dato nessuno",
            text(error.get(ContextKind::InvalidSubcommand))
        ),
        ErrorKind::ArgumentConflict => {
            let prior = text(error.get(ContextKind::PriorArg));
            if prior.is_empty() || prior == arg {
                format!("l'argomento '{arg}' non si può dare più di una volta")
            } else {
                format!("l'argomento '{arg}' non si può usare insieme a '{prior}'")
            }
        }
        ErrorKind::NoEquals => format!("'{arg}' vuole il segno = prima del valore"),
        ErrorKind::TooManyValues => format!("troppi valori per '{arg}': '{value}' è di troppo"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("numero sbagliato di valori per '{arg}'")
        }
        ErrorKind::InvalidUtf8 => "un argomento non è testo UTF-8 valido".to_string(),
        _ => "la riga di comando non si può leggere".to_string(),
    }
}
