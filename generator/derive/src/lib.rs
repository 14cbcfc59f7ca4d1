//! `#[derive(CoqInductive)]`: the Coq mirror of rust-core's shared vocabulary.
//!
//! The derive turns a fieldless enum or a struct with named fields into an
//! implementation of `retroproof_core::coq::CoqInductive`, which describes
//! the Coq type as *data* (names, shape, cardinality) plus the Int63
//! encoding, decoding and Coq term of each value. The generator turns that
//! data into Coq text; this crate never writes Coq.
//!
//! Every shape the Coq side cannot mirror (generics, tuple or struct
//! variants, tuple structs, unions, …) and every name Coq would not accept is
//! a compile error pointing at the culprit, so a vocabulary change that
//! breaks the Coq mirror fails `cargo build`, not `coqc` later.

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{
    parse_macro_input, Attribute, Data, DataEnum, DataStruct, DeriveInput, Error, Expr, ExprLit,
    Fields, Ident, Lit, LitStr,
};

mod ident_rules;

/// Derives `retroproof_core::coq::CoqInductive`; see that trait for the
/// attributes (`#[coq(name = "…")]`, `#[coq(constructor = "…")]`).
#[proc_macro_derive(CoqInductive, attributes(coq))]
pub fn derive_coq_inductive(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input)
        .unwrap_or_else(Error::into_compile_error)
        .into()
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream2> {
    if !input.generics.params.is_empty() || input.generics.where_clause.is_some() {
        return Err(Error::new_spanned(
            &input.generics,
            "CoqInductive does not support generic types: the Coq mirror is one concrete type",
        ));
    }
    let attrs = CoqAttrs::parse(&input.attrs, &["name", "constructor"])?;
    let type_name = match &attrs.name {
        Some(lit) => checked_name(lit)?,
        None => {
            let default = snake_case(&input.ident.unraw().to_string());
            checked_default(&default, input.ident.span())?;
            default
        }
    };
    match &input.data {
        Data::Enum(data) => {
            if let Some(lit) = &attrs.constructor {
                return Err(Error::new_spanned(
                    lit,
                    "`constructor` only applies to structs; name enum constructors on the variants",
                ));
            }
            expand_enum(input, &type_name, data)
        }
        Data::Struct(data) => expand_struct(input, &type_name, attrs.constructor.as_ref(), data),
        Data::Union(data) => Err(Error::new_spanned(
            data.union_token,
            "CoqInductive does not support unions: use a fieldless enum or a struct with named fields",
        )),
    }
}

fn expand_enum(input: &DeriveInput, type_name: &str, data: &DataEnum) -> syn::Result<TokenStream2> {
    if data.variants.is_empty() {
        return Err(Error::new_spanned(
            &input.ident,
            "CoqInductive needs at least one variant: an empty type has no Int63 encoding",
        ));
    }
    let mut names = UniqueNames::new(type_name);
    let mut variants = Vec::new();
    let mut constructors = Vec::new();
    for (index, variant) in data.variants.iter().enumerate() {
        if !matches!(variant.fields, Fields::Unit) {
            return Err(Error::new_spanned(
                &variant.fields,
                "CoqInductive supports only fieldless variants: the Coq constructors take no arguments",
            ));
        }
        if let Some((_, expr)) = &variant.discriminant {
            check_discriminant(expr, index)?;
        }
        let attrs = CoqAttrs::parse(&variant.attrs, &["name"])?;
        let name = match &attrs.name {
            Some(lit) => {
                let name = checked_name(lit)?;
                names.insert(&name, lit.span())?;
                name
            }
            None => {
                let name = variant.ident.unraw().to_string();
                checked_default(&name, variant.ident.span())?;
                names.insert(&name, variant.ident.span())?;
                name
            }
        };
        variants.push(&variant.ident);
        constructors.push(name);
    }
    let ident = &input.ident;
    let rust_name = ident.unraw().to_string();
    let codes: Vec<u64> = (0..variants.len() as u64).collect();
    let count = variants.len() as u64;
    Ok(quote! {
        impl ::retroproof_core::coq::CoqInductive for #ident {
            const COQ_TYPE: ::retroproof_core::coq::CoqType = ::retroproof_core::coq::CoqType {
                name: #type_name,
                rust_name: #rust_name,
                shape: ::retroproof_core::coq::CoqShape::Enum {
                    constructors: &[#(#constructors),*],
                },
                cardinality: #count,
            };

            fn coq_encode(&self) -> u64 {
                match *self {
                    #(Self::#variants => #codes,)*
                }
            }

            fn coq_decode(code: u64) -> ::core::option::Option<Self> {
                match code {
                    #(#codes => ::core::option::Option::Some(Self::#variants),)*
                    _ => ::core::option::Option::None,
                }
            }

            fn coq_term(&self) -> ::retroproof_core::coq::CoqValue {
                ::retroproof_core::coq::CoqValue::Constructor {
                    name: match *self {
                        #(Self::#variants => #constructors,)*
                    },
                    args: ::std::vec::Vec::new(),
                }
            }
        }
    })
}

fn expand_struct(
    input: &DeriveInput,
    type_name: &str,
    constructor: Option<&LitStr>,
    data: &DataStruct,
) -> syn::Result<TokenStream2> {
    let fields = match &data.fields {
        Fields::Named(fields) => fields,
        Fields::Unnamed(fields) => {
            return Err(Error::new_spanned(
                fields,
                "CoqInductive supports only structs with named fields: Coq records name their projections",
            ))
        }
        Fields::Unit => {
            return Err(Error::new_spanned(
                &input.ident,
                "CoqInductive does not support unit structs: use a struct with named fields",
            ))
        }
    };
    if fields.named.is_empty() {
        return Err(Error::new_spanned(
            fields,
            "CoqInductive needs at least one field",
        ));
    }
    let mut names = UniqueNames::new(type_name);
    let constructor = match constructor {
        Some(lit) => {
            let name = checked_name(lit)?;
            names.insert(&name, lit.span())?;
            name
        }
        None => {
            let name = format!("Mk{}", input.ident.unraw());
            checked_default(&name, input.ident.span())?;
            names.insert(&name, input.ident.span())?;
            name
        }
    };
    let mut field_idents = Vec::new();
    let mut field_names = Vec::new();
    let mut field_types = Vec::new();
    for field in &fields.named {
        let Some(ident) = &field.ident else {
            return Err(Error::new_spanned(field, "expected a named field"));
        };
        check_field_type(&field.ty)?;
        let attrs = CoqAttrs::parse(&field.attrs, &["name"])?;
        let name = match &attrs.name {
            Some(lit) => {
                let name = checked_name(lit)?;
                names.insert(&name, lit.span())?;
                name
            }
            None => {
                let name = format!("{type_name}_{}", ident.unraw());
                checked_default(&name, ident.span())?;
                names.insert(&name, ident.span())?;
                name
            }
        };
        field_idents.push(ident);
        field_names.push(name);
        field_types.push(&field.ty);
    }
    let ident = &input.ident;
    let rust_name = ident.unraw().to_string();
    // `<T as CoqInductive>::COQ_TYPE`, spanned on the field's type so that a
    // field whose type has no Coq mirror is reported there.
    let field_coq_types: Vec<TokenStream2> = field_types
        .iter()
        .map(|ty| {
            quote_spanned! {ty.span()=>
                <#ty as ::retroproof_core::coq::CoqInductive>::COQ_TYPE
            }
        })
        .collect();
    let field_decoders = spanned_on_types(&field_types, quote!(coq_decode));
    let field_encoders = spanned_on_types(&field_types, quote!(coq_encode));
    let field_terms = spanned_on_types(&field_types, quote!(coq_term));
    let temps: Vec<Ident> = (0..field_idents.len())
        .map(|i| format_ident!("__coq_field_{}", i))
        .collect();
    // Decoding peels the least significant digit first: the last field.
    let rev_temps = temps.iter().rev();
    let rev_types = field_coq_types.iter().rev();
    let rev_decoders = field_decoders.iter().rev();
    Ok(quote! {
        impl ::retroproof_core::coq::CoqInductive for #ident {
            const COQ_TYPE: ::retroproof_core::coq::CoqType = ::retroproof_core::coq::CoqType {
                name: #type_name,
                rust_name: #rust_name,
                shape: ::retroproof_core::coq::CoqShape::Record {
                    constructor: #constructor,
                    fields: &[#(
                        ::retroproof_core::coq::CoqField {
                            name: #field_names,
                            ty: &#field_coq_types,
                        }
                    ),*],
                },
                cardinality: 1u64 #(* #field_coq_types.cardinality)*,
            };

            fn coq_encode(&self) -> u64 {
                let mut code: u64 = 0;
                #(
                    code = code * #field_coq_types.cardinality
                        + #field_encoders(&self.#field_idents);
                )*
                code
            }

            fn coq_decode(code: u64) -> ::core::option::Option<Self> {
                if code >= <Self as ::retroproof_core::coq::CoqInductive>::COQ_TYPE.cardinality {
                    return ::core::option::Option::None;
                }
                let mut rest = code;
                #(
                    let #rev_temps = #rev_decoders(rest % #rev_types.cardinality)?;
                    rest /= #rev_types.cardinality;
                )*
                let _ = rest;
                ::core::option::Option::Some(Self { #(#field_idents: #temps),* })
            }

            fn coq_term(&self) -> ::retroproof_core::coq::CoqValue {
                ::retroproof_core::coq::CoqValue::Constructor {
                    name: #constructor,
                    args: ::std::vec![#(
                        #field_terms(&self.#field_idents)
                    ),*],
                }
            }
        }
    })
}

/// A record field's type must be another vocabulary type: a plain type name.
/// Numbers, strings, references, tuples, arrays and generic types have no
/// finite Int63 encoding here, so they are refused on the spot (any other
/// type without `CoqInductive` fails the trait bound, also on the field).
fn check_field_type(ty: &syn::Type) -> syn::Result<()> {
    const PRIMITIVES: &[&str] = &[
        "bool", "char", "str", "String", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16",
        "i32", "i64", "i128", "isize", "f32", "f64",
    ];
    let plain_path = match ty {
        syn::Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .iter()
            .all(|seg| matches!(seg.arguments, syn::PathArguments::None))
            .then_some(&p.path),
        _ => None,
    };
    match plain_path {
        Some(path) if !path.get_ident().is_some_and(|i| PRIMITIVES.iter().any(|p| i == p)) => {
            Ok(())
        }
        _ => Err(Error::new_spanned(
            ty,
            "CoqInductive fields must be vocabulary types (enums or structs that derive CoqInductive), \
             not numbers, strings, references, tuples, arrays or generic types",
        )),
    }
}

/// `<T as CoqInductive>::item` for each field type, spanned on the type so a
/// field whose type has no Coq mirror is reported there.
fn spanned_on_types(types: &[&syn::Type], item: TokenStream2) -> Vec<TokenStream2> {
    types
        .iter()
        .map(|ty| {
            quote_spanned! {ty.span()=>
                <#ty as ::retroproof_core::coq::CoqInductive>::#item
            }
        })
        .collect()
}

/// The Int63 encoding is the declaration index, so an explicit discriminant
/// (kept in rust-core for `as usize` indexing) must agree with it.
fn check_discriminant(expr: &Expr, index: usize) -> syn::Result<()> {
    if let Expr::Lit(ExprLit {
        lit: Lit::Int(lit), ..
    }) = expr
    {
        if lit.base10_parse::<u64>().ok() == Some(index as u64) {
            return Ok(());
        }
    }
    Err(Error::new_spanned(
        expr,
        format!(
            "CoqInductive encodes variants by position: this discriminant must be the integer literal {index}"
        ),
    ))
}

/// The `#[coq(...)]` attributes of one item.
#[derive(Default)]
struct CoqAttrs {
    name: Option<LitStr>,
    constructor: Option<LitStr>,
}

impl CoqAttrs {
    fn parse(attrs: &[Attribute], allowed: &[&str]) -> syn::Result<CoqAttrs> {
        let mut out = CoqAttrs::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("coq")) {
            attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(Ident::to_string)
                    .unwrap_or_default();
                let slot = match key.as_str() {
                    "name" if allowed.contains(&"name") => &mut out.name,
                    "constructor" if allowed.contains(&"constructor") => &mut out.constructor,
                    _ => {
                        let expected = allowed
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(" or ");
                        return Err(
                            meta.error(format!("unknown coq attribute here; expected {expected}"))
                        );
                    }
                };
                if slot.is_some() {
                    return Err(meta.error(format!("duplicate coq attribute `{key}`")));
                }
                *slot = Some(meta.value()?.parse()?);
                Ok(())
            })?;
        }
        Ok(out)
    }
}

/// A Coq name given by an attribute, validated, errors on the literal.
fn checked_name(lit: &LitStr) -> syn::Result<String> {
    let name = lit.value();
    ident_rules::check_coq_ident(&name).map_err(|why| Error::new_spanned(lit, why))?;
    Ok(name)
}

/// A Coq name derived from a Rust name, validated; the error suggests the
/// attribute that fixes it.
fn checked_default(name: &str, span: Span) -> syn::Result<()> {
    ident_rules::check_coq_ident(name).map_err(|why| {
        Error::new(
            span,
            format!("{why}; choose another with #[coq(name = \"...\")]"),
        )
    })
}

/// Coq names within one type (type, constructors, projections) share a
/// namespace, so a clash would only surface in `coqc`; catch it here.
struct UniqueNames {
    seen: Vec<String>,
}

impl UniqueNames {
    fn new(type_name: &str) -> UniqueNames {
        UniqueNames {
            seen: vec![type_name.to_string()],
        }
    }

    fn insert(&mut self, name: &str, span: Span) -> syn::Result<()> {
        if self.seen.iter().any(|s| s == name) {
            return Err(Error::new(
                span,
                format!("Coq name `{name}` is used twice in this type"),
            ));
        }
        self.seen.push(name.to_string());
        Ok(())
    }
}

/// `CastlingSide` → `castling_side`, `FENRecord` → `fen_record`.
fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower) {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}
