//! `arbitro completions SHELL` and `arbitro man`: the shell's completions and the manual
//! page, both made from the command line's own definition (clap), so they never drift from
//! it (issue 32).

use crate::cmd::Exit;
use crate::io::emit_with;
use anyhow::Result;
use clap::CommandFactory;

/// `arbitro completions`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  arbitro completions bash > arbitro.bash\n  arbitro completions zsh > _arbitro\n  arbitro completions fish > arbitro.fish"
)]
pub struct CompletionsArgs {
    /// The shell.
    shell: clap_complete::Shell,
}

/// `arbitro man`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  arbitro man > arbitro.1")]
pub struct ManArgs {}

/// Writes the completion script for `args.shell` on standard output.
pub fn completions(args: &CompletionsArgs) -> Result<Exit> {
    let mut cmd = crate::cli::Cli::command();
    emit_with(|w| {
        clap_complete::generate(args.shell, &mut cmd, "arbitro", w);
        Ok(())
    })?;
    Ok(Exit::Valid)
}

/// Writes the manual page (roff) on standard output.
pub fn man(_: &ManArgs) -> Result<Exit> {
    let cmd = crate::cli::Cli::command();
    emit_with(|w| clap_mangen::Man::new(cmd).render(w))?;
    Ok(Exit::Valid)
}
