// corpus/tofuextra: a small provider (plugin protocol 6, terraform-plugin-framework) for the
// OpenTofu fixture scenarios (testdata/oracle/scenarios/tofu_*). It has what the Python oracle
// provider lacks and newer OpenTofu releases can use:
//   - resource tofuextra_item: a resource identity ({name}), a write-only attribute
//     (password_wo), a sensitive attribute, a replacing attribute (name) and a computed id;
//     importable by id ("item-NAME") or by identity;
//   - ephemeral resource tofuextra_token: an ephemeral value ("tok-NAME").
// Objects live only in the state (Read returns what it is given).
package main

import (
	"context"
	"log"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	eschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func main() {
	err := providerserver.Serve(context.Background(), func() provider.Provider { return &extraProvider{} },
		providerserver.ServeOpts{Address: "registry.opentofu.org/corpus/tofuextra"})
	if err != nil {
		log.Fatal(err)
	}
}

type extraProvider struct{}

func (p *extraProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "tofuextra"
	resp.Version = "0.1.0"
}

func (p *extraProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = pschema.Schema{
		Attributes: map[string]pschema.Attribute{
			"label": pschema.StringAttribute{Optional: true},
			"token": pschema.StringAttribute{Optional: true, Sensitive: true},
		},
	}
}

func (p *extraProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p *extraProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &item{} }}
}

func (p *extraProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

func (p *extraProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{func() ephemeral.EphemeralResource { return &token{} }}
}

// tofuextra_item

type item struct{}

type itemModel struct {
	ID              types.String `tfsdk:"id"`
	Name            types.String `tfsdk:"name"`
	Value           types.String `tfsdk:"value"`
	Secret          types.String `tfsdk:"secret"`
	PasswordWO      types.String `tfsdk:"password_wo"`
	PasswordVersion types.Int64  `tfsdk:"password_version"`
}

type itemIdentity struct {
	Name types.String `tfsdk:"name"`
}

func (r *item) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_item"
}

func (r *item) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = rschema.Schema{
		Attributes: map[string]rschema.Attribute{
			"id": rschema.StringAttribute{Computed: true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"name": rschema.StringAttribute{Required: true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"value":            rschema.StringAttribute{Optional: true},
			"secret":           rschema.StringAttribute{Optional: true, Sensitive: true},
			"password_wo":      rschema.StringAttribute{Optional: true, WriteOnly: true},
			"password_version": rschema.Int64Attribute{Optional: true},
		},
	}
}

func (r *item) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"name": identityschema.StringAttribute{RequiredForImport: true},
		},
	}
}


func (r *item) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m itemModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.ID = types.StringValue("item-" + m.Name.ValueString())
	m.PasswordWO = types.StringNull()
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, itemIdentity{Name: m.Name})...)
	}
}

func (r *item) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m itemModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, itemIdentity{Name: m.Name})...)
	}
}

func (r *item) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m itemModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.PasswordWO = types.StringNull()
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, itemIdentity{Name: m.Name})...)
	}
}

func (r *item) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (r *item) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	var name string
	if req.ID != "" {
		name = strings.TrimPrefix(req.ID, "item-")
	} else if req.Identity != nil {
		var ident itemIdentity
		resp.Diagnostics.Append(req.Identity.Get(ctx, &ident)...)
		if resp.Diagnostics.HasError() {
			return
		}
		name = ident.Name.ValueString()
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), "item-"+name)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
	if resp.Identity != nil {
		resp.Diagnostics.Append(resp.Identity.Set(ctx, itemIdentity{Name: types.StringValue(name)})...)
	}
}

// tofuextra_token (ephemeral)

type token struct{}

type tokenModel struct {
	Name  types.String `tfsdk:"name"`
	Value types.String `tfsdk:"value"`
}

func (e *token) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_token"
}

func (e *token) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = eschema.Schema{
		Attributes: map[string]eschema.Attribute{
			"name":  eschema.StringAttribute{Required: true},
			"value": eschema.StringAttribute{Computed: true, Sensitive: true},
		},
	}
}

func (e *token) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m tokenModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.Value = types.StringValue("tok-" + m.Name.ValueString())
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
