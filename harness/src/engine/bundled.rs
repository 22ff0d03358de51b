//! Where the bridges shipped with rulediff are, and the interpreters that run them: the
//! Python bridges in `harness/bridges/` (run with `python3`, or `$RULEDIFF_PYTHON`) and the
//! JavaScript ones in `harness/bridges/node/` (run with `node`, or `$RULEDIFF_NODE`).

/// The Python interpreter: `$RULEDIFF_PYTHON`, or `python3`.
pub fn python() -> String {
    std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// The path of a bridge script of `harness/bridges/` in this source tree.
pub fn script(name: &str) -> String {
    format!("{}/bridges/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Where the JavaScript bridges and their `node_modules` are: `$RULEDIFF_NODE_BRIDGES`, or
/// `harness/bridges/node` in this source tree (`npm ci` there installs the packages).
pub fn node_bridges_dir() -> String {
    std::env::var("RULEDIFF_NODE_BRIDGES")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/node").into())
}

/// `node` and a bridge script of [`node_bridges_dir`] with its arguments.
pub fn node_command(script: &str, args: &[&str]) -> Vec<String> {
    let node = std::env::var("RULEDIFF_NODE").unwrap_or_else(|_| "node".into());
    let mut argv = vec![node, format!("{}/{script}", node_bridges_dir())];
    argv.extend(args.iter().map(|a| a.to_string()));
    argv
}
