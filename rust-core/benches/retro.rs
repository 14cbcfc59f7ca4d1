//! Retraction generation benchmark (placeholder, filled in below).
fn main() {}
