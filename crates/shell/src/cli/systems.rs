//! `sztab systems`: the rule systems Sztab knows, what each supports, the catalogue
//! vocabulary its rules read, its counter schema and its bots.

use std::process::ExitCode;

use sztab_core::model::{FieldKind, Schema};
use sztab_seam::RuleSystem;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only this system (its id), in full.
    system: Option<String>,
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn bots(s: &dyn RuleSystem) -> String {
    let v: Vec<String> = s
        .bots()
        .iter()
        .map(|b| match b.strengths {
            Some((lo, hi)) => format!("{} ({lo}-{hi})", b.kind),
            None => b.kind.to_string(),
        })
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(", ")
    }
}

/// The table of every system.
pub fn table() -> String {
    let mut rows = vec![[
        "system".to_string(),
        "name".into(),
        "authoring".into(),
        "setup checks".into(),
        "engine".into(),
        "bots".into(),
    ]];
    for s in sztab_registry::all() {
        let sup = s.support();
        rows.push([
            s.id().into(),
            s.name().into(),
            yes(sup.authoring).into(),
            yes(sup.setup_checks).into(),
            yes(sup.engine).into(),
            if sup.bots { bots(*s) } else { "-".into() },
        ]);
    }
    let widths: Vec<usize> = (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out += cells.join("  ").trim_end();
        out.push('\n');
    }
    out
}

fn field_type(k: FieldKind) -> String {
    match k {
        FieldKind::Int { min, max } => format!("whole number {min}-{max}"),
        FieldKind::Bool => "yes/no".into(),
        FieldKind::Text { max_len } => format!("text (up to {max_len})"),
        FieldKind::Choice(c) => {
            let v: Vec<&str> = c.iter().map(|c| c.value).collect();
            format!("one of {}", v.join(", "))
        }
    }
}

fn schema_lines(out: &mut String, title: &str, schema: &Schema) {
    if schema.fields.is_empty() {
        return;
    }
    out.push_str(&format!("  {title}:\n"));
    for f in schema.fields {
        let need = if f.default.is_none() {
            ""
        } else {
            ", optional"
        };
        out.push_str(&format!(
            "    {:<10} {} ({}{need}): {}\n",
            f.key,
            f.label,
            field_type(f.kind),
            f.help
        ));
    }
}

/// One system in full.
pub fn detail(s: &dyn RuleSystem) -> String {
    let mut out = format!("{} ({}): {}\n", s.name(), s.id(), s.about());
    out.push_str("  catalogue vocabulary:\n");
    for t in s.vocabulary() {
        let need = if t.required { ", required" } else { "" };
        out.push_str(&format!(
            "    {:<8} {:<20} {}{need}\n",
            t.class.name(),
            t.id,
            t.meaning
        ));
    }
    schema_lines(&mut out, "counter schema", &s.unit_schema());
    let schemas = s.schemas();
    schema_lines(&mut out, "placement state", &schemas.placement);
    schema_lines(&mut out, "scenario switches", &schemas.scenario);
    out.push_str(&format!("  bots: {}\n", bots(s)));
    if !s.probes().is_empty() {
        let tools: Vec<String> = s.probes().iter().map(|p| p.name.to_owned()).collect();
        out.push_str(&format!("  editor tools: {}\n", tools.join(", ")));
    }
    out
}

pub fn run(args: &Args) -> ExitCode {
    match &args.system {
        Some(id) => match sztab_registry::get(id) {
            Some(s) => {
                print!("{}", detail(s));
                ExitCode::SUCCESS
            }
            None => {
                let ids: Vec<&str> = sztab_registry::all().iter().map(|s| s.id()).collect();
                eprintln!(
                    "sztab systems: no system \"{id}\"; Sztab knows {}",
                    ids.join(", ")
                );
                ExitCode::from(2)
            }
        },
        None => {
            print!("{}", table());
            for s in sztab_registry::all() {
                println!();
                print!("{}", detail(*s));
            }
            ExitCode::SUCCESS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::detail;

    #[test]
    fn a_system_with_probes_lists_them_as_its_editor_tools() {
        let pb = detail(sztab_registry::get("panzerblitz").unwrap());
        assert!(
            pb.contains("  editor tools: Line of sight, Hex view\n"),
            "{pb}"
        );
        let wb = detail(sztab_registry::get("wb95").unwrap());
        assert!(!wb.contains("editor tools"), "{wb}");
    }
}
