//! The `arbitro` command: `main` → `try_main` → one `cmd` module per command. The exit code
//! is decided here: 0 every game valid, 1 some game has an error finding, 2 usage or I/O
//! error (an unusable input).

mod cli;
mod cmd;
mod io;

use clap::{CommandFactory, FromArgMatches};
use cli::{Cli, Command};
use std::process::ExitCode;

fn try_main(cli: &Cli) -> anyhow::Result<ExitCode> {
    cmd::set_limits(arbitro::load::Limits {
        max_bytes: cli.max_input.saturating_mul(1 << 20),
    });
    cmd::set_lang(cli::LangArg::lang(cli.lang));
    match &cli.command {
        Command::Verify(a) => cmd::verify::run(a),
        Command::Convert(a) => cmd::convert::run(a),
        Command::Reconcile(a) => cmd::reconcile::run(a),
        Command::Batch(a) => cmd::batch::run(a),
        Command::Score(a) => cmd::score::run(a),
        Command::Match(a) => cmd::matches::run(a),
        Command::Contest(a) => cmd::contest::run(a),
        Command::Scoring(a) => cmd::scoring::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Render(a) => cmd::render::run(a),
        Command::Selfplay(a) => cmd::selfplay::run(a),
        Command::New(a) => cmd::new::run(a),
        Command::Tournament(a) => cmd::tournament::run(a),
    }
}

/// A bug is reported in one plain line (where, and what), never as a backtrace.
fn report_panics() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        io::diag_line(&format!(
            "arbitro: internal error{place}: {what}; please report it with the input file"
        ));
    }));
}

fn main() -> ExitCode {
    report_panics();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let command = cli::localized(Cli::command(), cli::lang_of_args(&args));
    let parsed = command
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match try_main(&cli) {
        Ok(code) => code,
        Err(e) => {
            io::diag_line(&format!("{}: {}", cmd::error_word(), cmd::error_text(&e)));
            ExitCode::from(2)
        }
    }
}
