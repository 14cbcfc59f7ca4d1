//! Pictures: a board as SVG ([`board_svg`]) and a self-contained HTML page
//! reporting a proof ([`html_report`], from a [`Report`]).
//!
//! Both are plain text with no external resource (no script, no font, no
//! image file), so a report can be mailed or attached as one file.

mod html;
mod svg;

pub use html::{escape, html_report, Diagram, GameTable, Report};
pub use svg::{board_svg, SvgOptions};
