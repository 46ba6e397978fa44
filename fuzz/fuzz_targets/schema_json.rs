//! Any bytes as `terraform providers schema -json` output; what parses is used to show a real
//! plan and state of the oracle's create_basic scenario. Seeds: the oracle's schemas.
#![no_main]

use libfuzzer_sys::fuzz_target;

const PLAN: &[u8] = include_bytes!("../../testdata/oracle/scenarios/create_basic/tf-1.15.5/plan.tfplan");
const STATE: &[u8] =
    include_bytes!("../../testdata/oracle/scenarios/create_basic/tf-1.15.5/terraform.tfstate");

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits::default();
    let Ok(schemas) = tfshow_schema::Schemas::from_json_with(data, &limits) else {
        return;
    };
    for input in [PLAN, STATE] {
        let mut out = Vec::new();
        let _ = tfshow_json::show::show_json(input, Some(&schemas), &limits, &mut out);
    }
});
