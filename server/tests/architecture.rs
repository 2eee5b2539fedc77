//! What ARCHITECTURE.md says about the server's modules, checked on its
//! source: no import cycle between modules, and nothing outside `http/`
//! reaches into the HTTP layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (`canvas::nodes`) → the source of that file, without its
/// comments and `#[cfg(test)]` part.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    collect(&root, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap().with_extension("");
        let mut name = relative.to_string_lossy().replace('/', "::");
        if let Some(parent) = name.strip_suffix("::mod") {
            name = parent.to_owned();
        }
        if name == "lib" || name == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        let code: Vec<&str> =
            text.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        modules.insert(name, code.join("\n"));
    }
    modules
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Every `crate::a::b::...` path a module names, grouped imports expanded.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let path: String =
            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        let path = path.trim_end_matches(':').to_owned();
        let after = &rest[path.len()..];
        if let Some(group) = after.strip_prefix("::{") {
            for item in group.split('}').next().unwrap_or_default().split(',') {
                let item = item.trim();
                if !item.is_empty() && item != "self" {
                    paths.insert(format!("{path}::{item}"));
                }
            }
        }
        paths.insert(path);
    }
    paths
}

/// Module → the other modules it imports (the longest module prefix of each
/// path; a module's own children and ancestors do not count).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph = BTreeMap::new();
    for (name, code) in &modules {
        let mut targets = BTreeSet::new();
        for path in crate_paths(code) {
            let parts: Vec<&str> = path.split("::").collect();
            let target = (1..=parts.len())
                .rev()
                .map(|n| parts[..n].join("::"))
                .find(|candidate| modules.contains_key(candidate));
            if let Some(target) = target {
                let related = target == *name
                    || name.starts_with(&format!("{target}::"))
                    || target.starts_with(&format!("{name}::"));
                if !related {
                    targets.insert(target);
                }
            }
        }
        graph.insert(name.clone(), targets);
    }
    graph
}

#[test]
fn the_module_map_reads_imports() {
    let graph = imports();
    assert!(graph["http::routes::projects"].contains("store::projects"));
    assert!(graph["canvas::edges"].contains("store::edges"), "{:?}", graph["canvas::edges"]);
    assert!(crate_paths("use crate::accounts::{email, password};").contains("accounts::password"));
}

#[test]
fn no_import_cycles_between_modules() {
    let graph = imports();
    let mut cycles = vec![];
    for start in graph.keys() {
        // A path from one of `start`'s imports back to `start` is a cycle.
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<&String>> = graph[start].iter().map(|t| vec![start, t]).collect();
        while let Some(path) = stack.pop() {
            let last = *path.last().unwrap();
            if last == start {
                cycles.push(path.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(" → "));
                break;
            }
            if !seen.insert(last) {
                continue;
            }
            for next in graph.get(last).into_iter().flatten() {
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn nothing_outside_http_imports_the_http_layer() {
    let offenders: Vec<String> = imports()
        .into_iter()
        .filter(|(name, _)| name != "http" && !name.starts_with("http::"))
        .flat_map(|(name, targets)| {
            targets
                .into_iter()
                .filter(|t| t == "http" || t.starts_with("http::"))
                .map(move |t| format!("{name} → {t}"))
        })
        .collect();
    assert!(offenders.is_empty(), "{offenders:?}");
}
