//! What the contest of a SuperScacchi game (R43) produces for people besides the verdict's
//! words ([`crate::report::verdict`]): the document for the judge ([`doc`]).

pub mod doc;
