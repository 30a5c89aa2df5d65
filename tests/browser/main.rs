//! Tests in headless Chromium through chromedriver (`browser.rs`): the viewer, the contest
//! document, the tournament page, the simul page. Where Chromium or chromedriver is missing they skip and
//! list themselves (`common::skip`); under `CI=true` that is a failure.

#[path = "../common/mod.rs"]
mod common;

#[path = "../common/browser.rs"]
mod browser;

mod contest;
mod simul;
mod tournament;
mod viewer;
