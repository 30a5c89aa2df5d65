//! The language of reports for people: see [`crate::lang`], re-exported here where the
//! renderers have always found it.

pub use crate::lang::Lang;
