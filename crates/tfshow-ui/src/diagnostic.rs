//! Diagnostics (`diagnostic` messages; the same object `terraform validate -json` prints).

use crate::addr::{write_extra, write_opt};
use crate::out::Out;
use crate::raw::{wire_enum, Extra, Fields, RawJson, Wire};
use crate::ParseError;

wire_enum! {
    /// `severity`.
    Severity {
        /// `error`.
        Error = "error",
        /// `warning`.
        Warning = "warning",
        /// `unknown`.
        Unknown = "unknown",
    }
}

/// A warning or error.
///
/// Wire format (key order as written):
/// `{"severity":"error","summary":"…","detail":"…","address":"aws_instance.a",
///   "range":{…},"snippet":{…}}`
///
/// - `detail` is always present (may be `""`);
/// - `address`: the resource instance the diagnostic is about (omitted when none);
/// - `range`: the source range (omitted for diagnostics without one); `snippet` only when
///   the source file was available;
/// - `deprecation_origin_description` (1.14+), `policy_range` / `policy_snippet` (policy
///   diagnostics); OpenTofu may add `difference` (a JSON plan change).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// `severity`.
    pub severity: Severity,
    /// `summary`.
    pub summary: String,
    /// `detail`.
    pub detail: String,
    /// `address`.
    pub address: Option<String>,
    /// `range`.
    pub range: Option<Range>,
    /// `snippet`.
    pub snippet: Option<Snippet>,
    /// `difference` (OpenTofu).
    pub difference: Option<RawJson>,
    /// `deprecation_origin_description`.
    pub deprecation_origin_description: Option<String>,
    /// `policy_range`.
    pub policy_range: Option<Range>,
    /// `policy_snippet`.
    pub policy_snippet: Option<Snippet>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Diagnostic {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Diagnostic {
            severity: f.req("severity")?,
            summary: f.req("summary")?,
            detail: f.req("detail")?,
            address: f.opt("address")?,
            range: f.opt("range")?,
            snippet: f.opt("snippet")?,
            difference: f.opt("difference")?,
            deprecation_origin_description: f.opt("deprecation_origin_description")?,
            policy_range: f.opt("policy_range")?,
            policy_snippet: f.opt("policy_snippet")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("severity");
        self.severity.encode(out);
        out.key("summary");
        out.string(&self.summary);
        out.key("detail");
        out.string(&self.detail);
        write_opt(out, "address", &self.address);
        write_opt(out, "range", &self.range);
        write_opt(out, "snippet", &self.snippet);
        write_opt(out, "difference", &self.difference);
        write_opt(
            out,
            "deprecation_origin_description",
            &self.deprecation_origin_description,
        );
        write_opt(out, "policy_range", &self.policy_range);
        write_opt(out, "policy_snippet", &self.policy_snippet);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// A source range: `{"filename":"main.tf","start":{…},"end":{…}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// `filename`.
    pub filename: String,
    /// `start`.
    pub start: Pos,
    /// `end`.
    pub end: Pos,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Range {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Range {
            filename: f.req("filename")?,
            start: f.req("start")?,
            end: f.req("end")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("filename");
        out.string(&self.filename);
        out.key("start");
        self.start.encode(out);
        out.key("end");
        self.end.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// A source position: `{"line":1,"column":1,"byte":0}` (line and column 1-based, column in
/// characters; byte 0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// `line`.
    pub line: i64,
    /// `column`.
    pub column: i64,
    /// `byte`.
    pub byte: i64,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Pos {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Pos {
            line: f.req("line")?,
            column: f.req("column")?,
            byte: f.req("byte")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("line");
        self.line.encode(out);
        out.key("column");
        self.column.encode(out);
        out.key("byte");
        self.byte.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The source code around a diagnostic.
///
/// Wire format: `{"context":"resource \"a\" \"b\""|null,"code":"…","start_line":11,
/// "highlight_start_offset":34,"highlight_end_offset":35,"values":[…]}`, then
/// `function_call` and `test_assertion_expr` when present. `context` is always present
/// (`null` when the range is not inside a block); `values` is always an array. The
/// highlight offsets are byte offsets into `code`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    /// `context`.
    pub context: Option<String>,
    /// `code`: the source lines, joined with `\n`.
    pub code: String,
    /// `start_line`: the line number of the first line of `code`.
    pub start_line: i64,
    /// `highlight_start_offset`.
    pub highlight_start_offset: i64,
    /// `highlight_end_offset`.
    pub highlight_end_offset: i64,
    /// `values`: the values of the expression's references.
    pub values: Vec<ExpressionValue>,
    /// `function_call`.
    pub function_call: Option<FunctionCall>,
    /// `test_assertion_expr` (`terraform test`).
    pub test_assertion_expr: Option<TestAssertionExpr>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Snippet {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Snippet {
            context: f.nullable("context")?,
            code: f.req("code")?,
            start_line: f.req("start_line")?,
            highlight_start_offset: f.req("highlight_start_offset")?,
            highlight_end_offset: f.req("highlight_end_offset")?,
            values: f.req("values")?,
            function_call: f.opt("function_call")?,
            test_assertion_expr: f.opt("test_assertion_expr")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("context");
        match &self.context {
            Some(c) => out.string(c),
            None => out.raw("null"),
        }
        out.key("code");
        out.string(&self.code);
        out.key("start_line");
        self.start_line.encode(out);
        out.key("highlight_start_offset");
        self.highlight_start_offset.encode(out);
        out.key("highlight_end_offset");
        self.highlight_end_offset.encode(out);
        out.key("values");
        self.values.encode(out);
        write_opt(out, "function_call", &self.function_call);
        write_opt(out, "test_assertion_expr", &self.test_assertion_expr);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `{"traversal":"var.x","statement":"is \"a\""}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpressionValue {
    /// `traversal`.
    pub traversal: String,
    /// `statement`.
    pub statement: String,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ExpressionValue {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ExpressionValue {
            traversal: f.req("traversal")?,
            statement: f.req("statement")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("traversal");
        out.string(&self.traversal);
        out.key("statement");
        out.string(&self.statement);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `{"called_as":"lookup","signature":{…}}`: the function call a diagnostic came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCall {
    /// `called_as`.
    pub called_as: String,
    /// `signature`: the function's signature (`name`, `params`, `variadic_param`,
    /// `return_type`, `description`, `description_kind`), kept as JSON.
    pub signature: Option<RawJson>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for FunctionCall {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(FunctionCall {
            called_as: f.req("called_as")?,
            signature: f.opt("signature")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("called_as");
        out.string(&self.called_as);
        write_opt(out, "signature", &self.signature);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `{"lhs":…,"rhs":…,"warning":…,"show_verbose":false}`: a failed test assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestAssertionExpr {
    /// `lhs`.
    pub lhs: String,
    /// `rhs`.
    pub rhs: String,
    /// `warning`.
    pub warning: String,
    /// `show_verbose`.
    pub show_verbose: bool,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestAssertionExpr {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestAssertionExpr {
            lhs: f.req("lhs")?,
            rhs: f.req("rhs")?,
            warning: f.req("warning")?,
            show_verbose: f.req("show_verbose")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("lhs");
        out.string(&self.lhs);
        out.key("rhs");
        out.string(&self.rhs);
        out.key("warning");
        out.string(&self.warning);
        out.key("show_verbose");
        self.show_verbose.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}
