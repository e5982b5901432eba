//! What a new user of the editor tripped over (issue 33, "Editor craft and speed"), each
//! driven with egui_kittest as they did it.

use egui_kittest::Harness;
use sztab::editor::EditorApp;
use sztab::editor::tools::ToolKind;

mod common;
use common::{open, root};

fn opened(path: &str) -> Harness<'static, EditorApp> {
    open(&root(path))
}

#[test]
fn a_scenario_of_every_system_opens_with_the_units_tool() {
    for path in [
        "scenarios/panzerblitz/01-rear-area-raid.scenario.ron",
        "scenarios/rtl/soltsy-example.scenario.ron",
        "scenarios/jov/korsun-example.scenario.ron",
        "scenarios/kursk-1943/armored-claws.scenario.ron",
    ] {
        let h = opened(path);
        assert_eq!(h.state().tool(), ToolKind::Units, "{path}");
    }
    // A map opens with the brush, and a scenario opened after it with Units again.
    let mut h = opened("scenarios/panzerblitz/boards/board-1.map.ron");
    assert_eq!(h.state().tool(), ToolKind::Brush);
    h.state_mut()
        .load(&root("scenarios/rtl/soltsy-example.scenario.ron"));
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Units);
}
