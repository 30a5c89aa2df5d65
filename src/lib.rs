//! arbitro: the arbiter's tool for SuperScacchi and for classical chess written in Italian
//! notation.
//!
//! Data flows one way, one module per stage:
//!
//! ```text
//! bytes ─decode─▶ text ─notation─▶ games with spans ─classical─▶ replay ─verify─▶ GameReport ─report─▶ human / JSON / CSV
//! ```
//!
//! ```
//! let reports = arbitro::verify::verify_bytes("handout.txt", b"1.e4 e5; 2.Ac4 d6; 3.Dh5 Cf6; 4.Dxf7#", &Default::default()).unwrap();
//! assert!(reports[0].is_valid());
//! assert_eq!(reports[0].result().map(|r| r.as_str()), Some("1-0"));
//! ```

pub mod batch;
pub mod classical;
pub mod decode;
pub mod finding;
pub mod geometry;
pub mod lang;
pub mod load;
pub mod notation;
pub mod report;
pub mod simul;
pub mod span;
pub mod superscacchi;
pub mod tournament;
pub mod verify;
pub mod view;
