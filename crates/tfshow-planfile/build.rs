//! Compiles `proto/planfile.proto` into Rust types with protox and prost-build (no `protoc`).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=proto/planfile.proto");
    let descriptors = protox::compile(["planfile.proto"], ["proto"])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
