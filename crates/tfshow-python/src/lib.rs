//! The native module of the `tfshow` Python package (`tfshow._native`), over the command
//! line's library ([`tfshow::run`], [`tfshow::output_of`]). The package (`python/tfshow`)
//! wraps it:
//!
//! ```python
//! import tfshow
//! doc = tfshow.show_json("plan.tfplan", schemas="schemas.json")  # `show -json`, as str
//! comment = tfshow.summary("plan.tfplan")                        # the markdown summary
//! plan = tfshow.load("plan.tfplan")          # the document as dicts, numbers as int/Decimal
//! ```
//!
//! Built with `pip install .` at the project root (maturin); tested by `python/tests`.
#![deny(missing_docs)]

use std::ffi::OsString;
use std::path::PathBuf;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    tfshow,
    TfshowError,
    PyException,
    "A tfshow command failed; the message is the one the command line prints after `tfshow: `."
);

/// Runs a command line (`argv[0]` is the program name) as the `tfshow` binary does, writing
/// to the process's standard output and error, and returns its exit status.
#[pyfunction]
fn run(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| tfshow::run(argv))
}

/// The arguments every view takes: where schemas come from and how to decrypt.
fn source_args(
    schemas: Option<PathBuf>,
    encryption: Option<PathBuf>,
    no_plugins: bool,
) -> Vec<OsString> {
    let mut args = Vec::new();
    if let Some(s) = schemas {
        args.extend(["--schemas".into(), s.into_os_string()]);
    }
    if let Some(e) = encryption {
        args.extend(["--encryption".into(), e.into_os_string()]);
    }
    if no_plugins {
        args.push("--no-plugins".into());
    }
    args
}

/// Runs a command line that prints a document and returns the document as text.
fn document(py: Python<'_>, args: Vec<OsString>) -> PyResult<String> {
    let bytes = py
        .detach(|| tfshow::output_of(args))
        .map_err(|e| TfshowError::new_err(e.message().to_owned()))?;
    String::from_utf8(bytes)
        .map_err(|_| TfshowError::new_err("the document is not valid UTF-8".to_owned()))
}

/// What `terraform show -json PATH` prints for a plan or state file.
#[pyfunction]
#[pyo3(signature = (path, schemas=None, *, encryption=None, no_plugins=false))]
fn show_json(
    py: Python<'_>,
    path: PathBuf,
    schemas: Option<PathBuf>,
    encryption: Option<PathBuf>,
    no_plugins: bool,
) -> PyResult<String> {
    let mut args: Vec<OsString> = vec!["tfshow".into(), "show".into(), "--json".into()];
    args.extend(source_args(schemas, encryption, no_plugins));
    args.extend(["--".into(), path.into_os_string()]);
    document(py, args)
}

/// The review summary of a plan file, in `format` (`markdown`, `text`, `json` or `html`).
#[pyfunction]
#[pyo3(signature = (path, format="markdown", *, schemas=None, encryption=None, no_plugins=false))]
fn summary(
    py: Python<'_>,
    path: PathBuf,
    format: &str,
    schemas: Option<PathBuf>,
    encryption: Option<PathBuf>,
    no_plugins: bool,
) -> PyResult<String> {
    let mut args: Vec<OsString> = vec![
        "tfshow".into(),
        "summary".into(),
        "--format".into(),
        format.into(),
    ];
    args.extend(source_args(schemas, encryption, no_plugins));
    args.extend(["--".into(), path.into_os_string()]);
    document(py, args)
}

/// The module `tfshow._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(show_json, m)?)?;
    m.add_function(wrap_pyfunction!(summary, m)?)?;
    m.add("TfshowError", m.py().get_type::<TfshowError>())?;
    Ok(())
}
