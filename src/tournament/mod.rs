//! The school tournament (seed 002, `torneo-rules.md` T1–T15): the tournament file, the
//! games assigned to phases and groups, the standings with their tie-breaks and lots, the
//! next draw, and the plan for N players.
//!
//! ```text
//! torneo.toml ─file─▶ Tournament ─┐
//! game files ─games─▶ TournamentGame ─assign (T14)─▶ groups ─rank (T7–T10)─▶ Standings
//! ```
//!
//! ```
//! use arbitro::tournament::{file::Tournament, standings::{standings, Options}};
//! let t = Tournament::parse(r#"
//! giocatori = ["Rossi", "Bianchi"]
//! [[fase]]
//! numero = 1
//! gironi = [["Rossi", "Bianchi"]]
//! "#).unwrap();
//! let games = arbitro::tournament::games::read_games(
//!     "g.txt", "[Fase \"1\"]\n[Bianco \"rossi\"]\n[Nero \"BIANCHI\"]\n[Risultato \"1-0\"]\n1.e4 e5 1-0\n",
//!     false, &Default::default());
//! let s = standings(&t, &games, Options::default(), "torneo.toml");
//! assert_eq!(s.winner, Some(0));
//! ```

pub mod assign;
pub mod berger;
pub mod file;
pub mod games;
pub mod list;
pub mod lot;
pub mod names;
pub mod plan;
pub mod rank;
pub mod reading;
pub mod sheet;
pub mod standings;
