//! The README's command table is complete and current: every subcommand
//! has a row, every option of a subcommand is named in its rows, and every
//! option a row names exists. The exit-code table lists every code the
//! binary uses. (Read from the argument parser itself, so a new option
//! without documentation fails here.)

use std::collections::{BTreeMap, BTreeSet};

use clap::CommandFactory;
use retroproof::cli::{Cli, CliError};

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).unwrap()
}

/// The text of `## name` up to the next `## ` heading.
fn section(text: &str, name: &str) -> String {
    let start = text
        .find(&format!("\n## {name}\n"))
        .unwrap_or_else(|| panic!("README has no section {name}"));
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_owned()
}

/// Command name → the text of its table rows.
fn command_rows() -> BTreeMap<String, String> {
    let mut rows: BTreeMap<String, String> = BTreeMap::new();
    for line in section(&readme(), "Commands").lines() {
        let Some(rest) = line.strip_prefix("| `retroproof ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let row = rows.entry(name).or_default();
        row.push_str(line);
        row.push('\n');
    }
    rows
}

/// Every `--option` written in `text`.
fn options_in(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("--") {
        rest = &rest[i + 2..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !name.is_empty() {
            found.insert(name);
        }
    }
    found
}

#[test]
fn every_command_and_option_is_in_the_readme_table() {
    let rows = command_rows();
    let cli = Cli::command();
    let mut commands = BTreeSet::new();
    for sub in cli.get_subcommands() {
        let name = sub.get_name().to_owned();
        if name == "help" {
            continue;
        }
        let row = rows
            .get(&name)
            .unwrap_or_else(|| panic!("README command table has no row for `{name}`"));
        let documented = options_in(row);
        let mut real = BTreeSet::new();
        for arg in sub.get_arguments() {
            let Some(long) = arg.get_long() else {
                continue;
            };
            if long == "help" || long == "version" {
                continue;
            }
            real.insert(long.to_owned());
            assert!(
                documented.contains(long),
                "README row of `{name}` lacks --{long}: {row}"
            );
        }
        for option in &documented {
            assert!(
                real.contains(option),
                "README row of `{name}` names --{option}, which `{name}` does not have"
            );
        }
        commands.insert(name);
    }
    for name in rows.keys() {
        assert!(
            commands.contains(name),
            "README command table has a row for `{name}`, which is no command"
        );
    }
}

#[test]
fn exit_code_table_lists_every_code() {
    let table = section(&readme(), "Exit codes");
    let codes: BTreeSet<u8> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .collect();
    for e in [
        CliError::refuted(""),
        CliError::usage(""),
        CliError::unknown(""),
        CliError::environment(""),
    ] {
        assert!(codes.contains(&e.code()), "exit {} missing", e.code());
    }
    assert!(codes.contains(&0));
    assert!(codes.contains(&retroproof::interrupt::EXIT_INTERRUPTED));
}

/// The README's proof-game example prints what the README shows: the
/// `$ retroproof proof-game …` line of section "Proof games" is run and
/// its output compared, line by line, with the lines under it.
#[test]
fn the_proof_game_example_prints_what_the_readme_shows() {
    let text = section(&readme(), "Proof games");
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("$ retroproof proof-game "));
    let command = lines.next().expect("a `$ retroproof proof-game` line");
    let shown: Vec<&str> = lines.take_while(|l| !l.starts_with("$ ")).collect();
    // The arguments: the quoted FEN, then words.
    let rest = command.trim_start_matches("$ retroproof ");
    let (before, quoted_and_after) = rest.split_once('"').expect("a quoted FEN");
    let (fen, after) = quoted_and_after.split_once('"').expect("a closing quote");
    let mut args: Vec<&str> = before.split_whitespace().collect();
    args.push(fen);
    args.extend(after.split_whitespace());
    let printed = crate::common::cli::success_stdout(&args);
    assert_eq!(printed.lines().collect::<Vec<_>>(), shown, "{command}");
}
