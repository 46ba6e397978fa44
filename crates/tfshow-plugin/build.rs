//! Compiles the vendored tfplugin5/tfplugin6 protocols and go-plugin's controller service into
//! Rust client stubs with protox and tonic-prost-build (no `protoc`).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    const PROTOS: [&str; 3] = [
        "tfplugin5.proto",
        "tfplugin6.proto",
        "grpc_controller.proto",
    ];
    for p in PROTOS {
        println!("cargo:rerun-if-changed=proto/{p}");
    }
    let descriptors = protox::compile(PROTOS, ["proto"])?;
    tonic_prost_build::configure()
        .build_server(false)
        .build_transport(false)
        // The protocols' comments are not Rust documentation (and indented ones would be
        // taken for doctests).
        .disable_comments(["."])
        .compile_fds(descriptors)?;
    Ok(())
}
