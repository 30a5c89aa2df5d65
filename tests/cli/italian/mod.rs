//! Italian everywhere (issue 17): every finding has its Italian text (`coverage`), every
//! command speaks Italian (`commands`), and the new-user test's groups (`new_user`).

mod commands;
mod coverage;
mod new_user;
