//! Any bytes as a state file (format 4, and formats 1 to 3 upgraded on reading):
//! `State::from_json` and the state document, without schemas, with the schemas of the
//! oracle's create_basic scenario, and with those of its state_upgrade scenario (legacy `-/null`
//! providers, whose flat attributes are read with the schema). Seeds: the oracle's states.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tfshow_schema::Schemas;

fn schemas() -> Option<&'static Schemas> {
    static S: OnceLock<Option<Schemas>> = OnceLock::new();
    S.get_or_init(|| {
        Schemas::from_json(include_bytes!(
            "../../testdata/oracle/scenarios/create_basic/tf-1.15.5/schemas.json"
        ))
        .ok()
    })
    .as_ref()
}

fn legacy_schemas() -> Option<&'static Schemas> {
    static S: OnceLock<Option<Schemas>> = OnceLock::new();
    S.get_or_init(|| {
        Schemas::from_json(include_bytes!(
            "../../testdata/oracle/scenarios/state_upgrade/tf-1.11.4/schemas.json"
        ))
        .ok()
    })
    .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits::default();
    if tfshow_state::State::from_json_with(data, &limits).is_err() {
        return;
    }
    let mut out = Vec::new();
    let _ = tfshow_json::show::show_json(data, None, &limits, &mut out);
    out.clear();
    let _ = tfshow_json::show::show_json(data, schemas(), &limits, &mut out);
    out.clear();
    let _ = tfshow_json::show::show_json(data, legacy_schemas(), &limits, &mut out);
});
