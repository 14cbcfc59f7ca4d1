//! No import loops in `generator/src`: the modules, with an edge from a
//! module to every module it names (`use crate::…`, `super::…`, `self::…`,
//! a child module's path), form a graph without cycles. A loop makes every
//! module on it depend on all the others (none can be read, tested or
//! moved alone); this test names the loop when one appears.
//!
//! The graph is read from the source text: comments and string literals
//! are dropped, `use` trees expanded (`use super::{a, b::C}`), and each
//! path resolved to the deepest module it names. Inline modules (`mod
//! tests { use super::*; }`) belong to their file: `super` there is the
//! file's module, not its parent.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, by its path from the crate root (`[]` is `lib.rs`).
type Module = Vec<String>;

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The module a source file defines: `lib.rs` → `[]`, `a/mod.rs` and
/// `a.rs` → `[a]`, `a/b.rs` → `[a, b]`; `None` for another crate root
/// (`main.rs`, `bin/`).
fn file_module(relative: &Path) -> Option<Module> {
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let (last, dirs) = parts.split_last()?;
    if dirs.is_empty() && (last == "main.rs") || dirs.first().is_some_and(|d| d == "bin") {
        return None;
    }
    let stem = last.strip_suffix(".rs")?;
    let mut module: Module = dirs.to_vec();
    if !(stem == "mod" || (dirs.is_empty() && stem == "lib")) {
        module.push(stem.to_string());
    }
    Some(module)
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

/// Rust source as tokens, without comments, strings and char literals.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            chars.get(j) == Some(&'"')
        } {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push(Token::Other);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(Token::Other);
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            out.push(Token::Other);
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            out.push(match c {
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semi,
                '*' => Token::Star,
                _ => Token::Other,
            });
            i += 1;
        }
    }
    out
}

/// The paths of a `use` tree starting at `tokens[*i]`, each prefixed by
/// `prefix`; stops after the tree (at `,`, `}` or `;`, not consumed).
fn use_tree(tokens: &[Token], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(*i) {
            Some(Token::Ident(word)) if word != "as" => {
                path.push(word.clone());
                *i += 1;
            }
            Some(Token::PathSep) => *i += 1,
            Some(Token::Open) => {
                *i += 1;
                loop {
                    use_tree(tokens, i, &path, out);
                    match tokens.get(*i) {
                        Some(Token::Comma) => *i += 1,
                        Some(Token::Close) => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            Some(Token::Star) => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(Token::Ident(_)) => {
                // `as alias`: the path is what precedes it.
                *i += 2;
                out.push(path);
                return;
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// Every path one file names, with the (inline-aware) module it is named
/// in: `use` trees expanded, and the other paths `a::b::c` of the code.
fn named_paths(file: &Module, source: &str) -> Vec<(Module, Vec<String>)> {
    let tokens = tokens(source);
    let mut out = Vec::new();
    // Inline modules open at a brace depth: (name, depth).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let here = |inline: &[(String, usize)]| -> Module {
        let mut m = file.clone();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    while i < tokens.len() {
        match &tokens[i] {
            Token::Open => {
                depth += 1;
                i += 1;
            }
            Token::Close => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    depth += 1;
                    inline.push((name.clone(), depth));
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Token::Ident(word) if word == "use" => {
                i += 1;
                let mut paths = Vec::new();
                use_tree(&tokens, &mut i, &[], &mut paths);
                let module = here(&inline);
                out.extend(paths.into_iter().map(|p| (module.clone(), p)));
            }
            Token::Ident(word) if tokens.get(i + 1) == Some(&Token::PathSep) => {
                // A path in code: `a::b::c` (not preceded by `::`, which
                // would make it the tail of a longer one).
                let mut path = vec![word.clone()];
                i += 1;
                while tokens.get(i) == Some(&Token::PathSep) {
                    match tokens.get(i + 1) {
                        Some(Token::Ident(next)) => {
                            path.push(next.clone());
                            i += 2;
                        }
                        _ => {
                            i += 1;
                            break;
                        }
                    }
                }
                out.push((here(&inline), path));
            }
            _ => i += 1,
        }
    }
    out
}

/// The file module a path named in `at` (inside the file `file`) leads
/// to, or `None` when it leaves the crate (`std::`, `serde::`, a local
/// name). `modules` are the crate's file modules.
fn resolve(
    modules: &BTreeSet<Module>,
    file: &Module,
    at: &Module,
    path: &[String],
) -> Option<Module> {
    let (first, rest) = path.split_first()?;
    let mut target: Module = match first.as_str() {
        "crate" => Vec::new(),
        "self" => at.clone(),
        "super" => {
            let mut m = at.clone();
            m.pop();
            m
        }
        child => {
            // A child module of the file's module, named relatively.
            let mut m = file.clone();
            m.push(child.to_string());
            if !modules.contains(&m) || at != file {
                return None;
            }
            m
        }
    };
    let mut rest = rest;
    // `super::super::…`
    while let Some((word, tail)) = rest.split_first() {
        if word != "super" {
            break;
        }
        target.pop();
        rest = tail;
    }
    for word in rest {
        let mut deeper = target.clone();
        deeper.push(word.clone());
        if modules.contains(&deeper) {
            target = deeper;
        } else {
            break;
        }
    }
    // An inline module's path is its file's.
    while !modules.contains(&target) {
        target.pop()?;
    }
    Some(target)
}

/// The import graph of a crate given as `(path relative to src/, text)`.
fn graph(files: &[(PathBuf, String)]) -> BTreeMap<Module, BTreeSet<Module>> {
    let parsed: Vec<(Module, &String)> = files
        .iter()
        .filter_map(|(path, text)| Some((file_module(path)?, text)))
        .collect();
    let modules: BTreeSet<Module> = parsed.iter().map(|(m, _)| m.clone()).collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in &parsed {
        let targets = edges.entry(module.clone()).or_default();
        for (at, path) in named_paths(module, text) {
            if let Some(target) = resolve(&modules, module, &at, &path) {
                if target != *module {
                    targets.insert(target);
                }
            }
        }
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan):
/// each is a set of modules that import each other, directly or not.
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets {
                let Some((w, _)) = s.edges.get_key_value(w) else {
                    continue;
                };
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.out
}

/// One loop of a component, for the message: `a -> b -> a`.
fn a_loop(edges: &BTreeMap<Module, BTreeSet<Module>>, component: &[Module]) -> String {
    let members: BTreeSet<&Module> = component.iter().collect();
    let start = &component[0];
    // Breadth-first from start back to start inside the component.
    let mut previous: BTreeMap<&Module, &Module> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in edges.get(v).into_iter().flatten() {
            if !members.contains(w) {
                continue;
            }
            if w == start {
                let mut path = vec![name(w), name(v)];
                let mut at = v;
                while at != start {
                    at = previous[at];
                    path.push(name(at));
                }
                path.reverse();
                return path.join(" -> ");
            }
            if !previous.contains_key(w) {
                previous.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    String::new()
}

fn read_sources(dir: &Path, base: &Path, out: &mut Vec<(PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read_sources(&path, base, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.strip_prefix(base).unwrap().to_path_buf(), text));
        }
    }
}

fn files(list: &[(&str, &str)]) -> Vec<(PathBuf, String)> {
    list.iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect()
}

#[test]
fn the_generator_has_no_import_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    read_sources(&src, &src, &mut sources);
    let edges = graph(&sources);
    assert!(
        edges.len() > 40,
        "the modules of generator/src were not all read"
    );
    let found = cycles(&edges);
    let described: Vec<String> = found
        .iter()
        .map(|c| {
            format!(
                "{} modules ({}), e.g. {}",
                c.len(),
                c.iter().map(name).collect::<Vec<_>>().join(", "),
                a_loop(&edges, c)
            )
        })
        .collect();
    assert!(
        found.is_empty(),
        "import loops in generator/src:\n{}",
        described.join("\n")
    );
}

#[test]
fn a_loop_through_a_parent_module_is_found() {
    // A subcommand importing its parent's error type, which declares and
    // dispatches to it: the loop the CLI once had.
    let crate_files = files(&[
        ("lib.rs", "pub mod cli; pub mod batch;"),
        (
            "cli/mod.rs",
            "pub mod solve;\npub enum CliError {}\npub fn run() { solve::run() }",
        ),
        (
            "cli/solve.rs",
            "use super::CliError;\nuse crate::batch::run_items;\npub fn run() {}",
        ),
        ("batch.rs", "use crate::cli::CliError; // for the error\n"),
    ]);
    let edges = graph(&crate_files);
    let found = cycles(&edges);
    assert_eq!(found.len(), 1, "{edges:?}");
    let members: Vec<String> = found[0].iter().map(name).collect();
    assert_eq!(members, ["batch", "cli", "cli::solve"]);
    assert!(a_loop(&edges, &found[0]).starts_with("batch -> cli"));
}

#[test]
fn grouped_imports_and_siblings_are_edges() {
    let crate_files = files(&[
        ("lib.rs", "pub mod emit;"),
        ("emit/mod.rs", "pub mod cert; pub mod problem;"),
        (
            "emit/cert.rs",
            "use super::{problem::{Export, Proof}, call};",
        ),
        (
            "emit/problem.rs",
            "fn f() { let x = super::cert::dead_set(); }",
        ),
    ]);
    let edges = graph(&crate_files);
    let cert = vec!["emit".to_string(), "cert".to_string()];
    let problem = vec!["emit".to_string(), "problem".to_string()];
    assert!(edges[&cert].contains(&problem));
    assert!(edges[&problem].contains(&cert));
    assert_eq!(cycles(&edges).len(), 1);
}

#[test]
fn test_modules_comments_and_strings_make_no_edge() {
    let crate_files = files(&[
        ("lib.rs", "pub mod batch; pub mod cli;"),
        (
            "batch.rs",
            "//! See [`crate::cli::run`].\n\
             pub fn f() -> &'static str { \"crate::cli::x\" }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    #[test] fn t() { let c = 'x'; f(); }\n}\n",
        ),
        ("cli/mod.rs", "use crate::batch::f;\npub fn run() { f(); }"),
    ]);
    let edges = graph(&crate_files);
    assert!(cycles(&edges).is_empty(), "{edges:?}");
    assert_eq!(edges[&vec!["cli".to_string()]].len(), 1);
    assert!(edges[&vec!["batch".to_string()]].is_empty(), "{edges:?}");
}
