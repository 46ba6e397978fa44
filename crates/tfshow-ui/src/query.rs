//! `terraform query -json` payloads (1.14+).

use crate::addr::{write_extra, write_opt};
use crate::out::Out;
use crate::raw::{Extra, Fields, RawJson, Wire};
use crate::ParseError;

/// `list_start`: `{"address":"list.t.n","resource_type":"t","input_config":{…},
/// "sensitive_attribute_paths":[…]}` (the last two omitted when empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListStart {
    /// `address`.
    pub address: String,
    /// `resource_type`.
    pub resource_type: String,
    /// `input_config`: attribute → value in cty's JSON form.
    pub input_config: Option<RawJson>,
    /// `sensitive_attribute_paths`.
    pub sensitive_attribute_paths: Option<Vec<String>>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ListStart {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ListStart {
            address: f.req("address")?,
            resource_type: f.req("resource_type")?,
            input_config: f.opt("input_config")?,
            sensitive_attribute_paths: f.opt("sensitive_attribute_paths")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("address");
        out.string(&self.address);
        out.key("resource_type");
        out.string(&self.resource_type);
        write_opt(out, "input_config", &self.input_config);
        write_opt(
            out,
            "sensitive_attribute_paths",
            &self.sensitive_attribute_paths,
        );
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `list_resource_found`: `{"address":…,"display_name":…,"identity":{…},
/// "identity_version":0,"resource_type":…,"resource_object":{…},"config":"…",
/// "import_config":"…"}` (the last three omitted when empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListResourceFound {
    /// `address`.
    pub address: String,
    /// `display_name`.
    pub display_name: String,
    /// `identity`: attribute → value.
    pub identity: RawJson,
    /// `identity_version`.
    pub identity_version: i64,
    /// `resource_type`.
    pub resource_type: String,
    /// `resource_object`.
    pub resource_object: Option<RawJson>,
    /// `config`.
    pub config: Option<String>,
    /// `import_config`.
    pub import_config: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ListResourceFound {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ListResourceFound {
            address: f.req("address")?,
            display_name: f.req("display_name")?,
            identity: f.req("identity")?,
            identity_version: f.req("identity_version")?,
            resource_type: f.req("resource_type")?,
            resource_object: f.opt("resource_object")?,
            config: f.opt("config")?,
            import_config: f.opt("import_config")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("address");
        out.string(&self.address);
        out.key("display_name");
        out.string(&self.display_name);
        out.key("identity");
        self.identity.encode(out);
        out.key("identity_version");
        self.identity_version.encode(out);
        out.key("resource_type");
        out.string(&self.resource_type);
        write_opt(out, "resource_object", &self.resource_object);
        write_opt(out, "config", &self.config);
        write_opt(out, "import_config", &self.import_config);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `list_complete`: `{"address":…,"resource_type":…,"total":3}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListComplete {
    /// `address`.
    pub address: String,
    /// `resource_type`.
    pub resource_type: String,
    /// `total`.
    pub total: i64,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ListComplete {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ListComplete {
            address: f.req("address")?,
            resource_type: f.req("resource_type")?,
            total: f.req("total")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("address");
        out.string(&self.address);
        out.key("resource_type");
        out.string(&self.resource_type);
        out.key("total");
        self.total.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}
