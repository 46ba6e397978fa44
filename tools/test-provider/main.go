// A tiny provider built with terraform-plugin-framework (plugin protocol 6), used by the
// tests of crates/tfshow-plugin: a provider block with a sensitive attribute, a resource with
// nested attributes, a block, a write-only attribute and a resource identity, a data source and
// a function. It implements no CRUD beyond what the framework requires; it only answers schema
// calls in the tests.
package main

import (
	"context"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func main() {
	err := providerserver.Serve(context.Background(), func() provider.Provider { return &testProvider{} },
		providerserver.ServeOpts{Address: "registry.terraform.io/tfshow/tfshowtest"})
	if err != nil {
		log.Fatal(err)
	}
}

type testProvider struct{}

func (p *testProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "tfshowtest"
	resp.Version = "0.1.0"
}

func (p *testProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = pschema.Schema{
		Description: "A provider for tests.",
		Attributes: map[string]pschema.Attribute{
			"endpoint": pschema.StringAttribute{Optional: true, Description: "Where <to> connect & how."},
			"token":    pschema.StringAttribute{Optional: true, Sensitive: true},
		},
	}
}

func (p *testProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p *testProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &thing{} }}
}

func (p *testProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{func() datasource.DataSource { return &info{} }}
}

func (p *testProvider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{func() function.Function { return &echo{} }}
}

type thing struct{}

func (r *thing) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_thing"
}

func (r *thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = rschema.Schema{
		Version:             2,
		MarkdownDescription: "A **thing**.",
		Attributes: map[string]rschema.Attribute{
			"id":       rschema.StringAttribute{Computed: true},
			"name":     rschema.StringAttribute{Required: true},
			"password": rschema.StringAttribute{Optional: true, Sensitive: true},
			"api_key":  rschema.StringAttribute{Optional: true, WriteOnly: true},
			"size":     rschema.Int64Attribute{Optional: true, Computed: true, DeprecationMessage: "use name"},
			"labels":   rschema.MapAttribute{Optional: true, ElementType: types.StringType},
			"settings": rschema.SingleNestedAttribute{
				Optional: true,
				Attributes: map[string]rschema.Attribute{
					"mode":   rschema.StringAttribute{Optional: true},
					"secret": rschema.StringAttribute{Optional: true, Sensitive: true},
				},
			},
			"endpoints": rschema.ListNestedAttribute{
				Optional: true,
				NestedObject: rschema.NestedAttributeObject{
					Attributes: map[string]rschema.Attribute{
						"host": rschema.StringAttribute{Required: true},
						"port": rschema.NumberAttribute{Optional: true},
					},
				},
			},
		},
		Blocks: map[string]rschema.Block{
			"rule": rschema.ListNestedBlock{
				NestedObject: rschema.NestedBlockObject{
					Attributes: map[string]rschema.Attribute{
						"action": rschema.StringAttribute{Required: true},
						"tags":   rschema.SetAttribute{Optional: true, ElementType: types.StringType},
					},
				},
			},
		},
	}
}

func (r *thing) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{
		Version: 1,
		Attributes: map[string]identityschema.Attribute{
			"id":     identityschema.StringAttribute{RequiredForImport: true, Description: "The thing's id."},
			"region": identityschema.StringAttribute{OptionalForImport: true},
		},
	}
}

func (r *thing) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *thing) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *thing) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *thing) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type info struct{}

func (d *info) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_info"
}

func (d *info) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dschema.Schema{
		DeprecationMessage: "use tfshowtest_thing",
		Attributes: map[string]dschema.Attribute{
			"id":    dschema.StringAttribute{Computed: true},
			"value": dschema.ObjectAttribute{Computed: true, AttributeTypes: map[string]attr.Type{"a": types.BoolType, "b": types.ListType{ElemType: types.NumberType}}},
		},
	}
}

func (d *info) Read(context.Context, datasource.ReadRequest, *datasource.ReadResponse) {}

type echo struct{}

func (f *echo) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "echo"
}

func (f *echo) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary:           "Returns its argument.",
		Parameters:        []function.Parameter{function.StringParameter{Name: "input", AllowNullValue: true}},
		VariadicParameter: function.Int64Parameter{Name: "extra"},
		Return:            function.StringReturn{},
	}
}

func (f *echo) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var s types.String
	resp.Error = req.Arguments.GetArgument(ctx, 0, &s)
	if resp.Error == nil {
		resp.Error = resp.Result.Set(ctx, s)
	}
}
