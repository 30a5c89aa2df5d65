//! The `arbitro` command: `main` → `try_main` → one `cmd` module per command, each ending
//! in a [`cmd::Exit`] (0 every game valid, 1 some game has an error finding, 2 usage or
//! I/O error, or an unusable input). Nothing else is decided here.

mod cli;
mod cmd;
mod io;
mod say;

use clap::{CommandFactory, FromArgMatches};
use cli::{Cli, Command};
use cmd::Exit;
use std::process::ExitCode;

fn try_main(cli: &Cli) -> anyhow::Result<Exit> {
    cmd::set_limits(arbitro::load::Limits {
        max_bytes: cli.max_input.saturating_mul(1 << 20),
    });
    cmd::set_lang(cli::LangArg::lang(cli.lang));
    io::set_force(cli.force);
    cmd::set_zone(cli.tz.as_deref())?;
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
        Command::Simul(a) => cmd::simul::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Completions(a) => cmd::shell::completions(a),
        Command::Man(a) => cmd::shell::man(a),
    }
}

fn main() -> ExitCode {
    io::report_panics();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let lang = cli::lang_of_args(&args);
    let command = cli::localized(Cli::command(), lang);
    let parsed = command
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) if lang == arbitro::lang::Lang::It => {
            // Issue 32 point 5: the usage error, the help and the version in Italian.
            let e = e.apply::<cli::Italian>();
            let text = cli::italian_usage(&e.render().to_string());
            if e.use_stderr() {
                io::diag_line(text.trim_end());
                return Exit::Unusable.code();
            }
            let _ = io::emit(&format!("{}\n", text.trim_end()));
            return Exit::Valid.code();
        }
        Err(e) => {
            let _ = e.print();
            // `--help` and `--version` are not errors.
            let exit = if e.use_stderr() {
                Exit::Unusable
            } else {
                Exit::Valid
            };
            return exit.code();
        }
    };
    match try_main(&cli) {
        Ok(exit) => exit.code(),
        Err(e) => {
            io::diag_line(&format!("{}: {}", cmd::error_word(), cmd::error_text(&e)));
            Exit::Unusable.code()
        }
    }
}
