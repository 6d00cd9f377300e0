// The fake shop's query cost, by Shopify's published rules (shopify.dev "GraphQL Admin API rate
// limits", "Cost calculation"): a scalar or enum costs 0, an object 1, an interface or union the most
// of its possible selections, a connection 2 plus `first` (or `last`) times the cost of one node, a
// mutation 10 plus its payload's selection. `nodes(ids:)` costs one node per id. The requested cost is
// computed before execution from the arguments; the actual cost from what was returned (a connection
// counts the nodes it holds). Real Shopify often charges less (some fields cost 0 there), so the fake
// is the stricter of the two.
import {
  getArgumentValues,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

type Ctx = {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Present for the actual cost: the data returned at this level. */
  actual: boolean;
};

const isConnection = (type: GraphQLOutputType) => {
  const named = getNamedType(type);
  return isObjectType(named) && named.name.endsWith('Connection') && ('nodes' in named.getFields() || 'edges' in named.getFields());
};

const isList = (type: GraphQLOutputType) => isListType(isNonNullType(type) ? type.ofType : type);

/** The fields selected on `type` (fragments that apply to it flattened), each with its response key. */
function fieldsOf(ctx: Ctx, type: GraphQLCompositeType, selectionSet: SelectionSetNode, concrete: string | null): FieldNode[] {
  const out: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : ctx.fragments[selection.name.value];
      if (!fragment) continue;
      const condition = fragment.typeCondition?.name.value;
      if (condition && concrete && condition !== concrete && !implementsType(ctx.schema, concrete, condition)) continue;
      out.push(...fieldsOf(ctx, type, fragment.selectionSet, concrete));
    }
  }
  return out;
}

function implementsType(schema: GraphQLSchema, concrete: string, abstract: string): boolean {
  const a = schema.getType(abstract);
  const c = schema.getType(concrete);
  if (!a || !c || !isAbstractType(a) || !isObjectType(c)) return false;
  return schema.isSubType(a, c);
}

/** The cost of a selection on a composite type, for requested cost (data undefined) or actual cost. */
function selectionCost(ctx: Ctx, type: GraphQLCompositeType, selectionSet: SelectionSetNode, data: unknown): number {
  if (isAbstractType(type)) {
    if (ctx.actual) {
      const typename = (data as { __typename?: string } | null)?.__typename;
      const concrete = typename ? ctx.schema.getType(typename) : null;
      if (!concrete || !isObjectType(concrete)) return 0;
      return fieldsCost(ctx, concrete, fieldsOf(ctx, type, selectionSet, concrete.name), data);
    }
    // the most expensive of the possible types
    let most = 0;
    for (const possible of ctx.schema.getPossibleTypes(type)) {
      most = Math.max(most, fieldsCost(ctx, possible, fieldsOf(ctx, type, selectionSet, possible.name), undefined));
    }
    return most;
  }
  return fieldsCost(ctx, type, fieldsOf(ctx, type, selectionSet, type.name), data);
}

function fieldsCost(ctx: Ctx, type: GraphQLCompositeType, fields: FieldNode[], data: unknown): number {
  let total = 0;
  const definitions = 'getFields' in type ? type.getFields() : {};
  for (const node of fields) {
    const def = definitions[node.name.value];
    if (!def) continue;
    const value = ctx.actual ? (data as Record<string, unknown> | null)?.[node.alias?.value ?? node.name.value] : undefined;
    total += fieldCost(ctx, def, node, value, false);
  }
  return total;
}

/** The cost of one node of a connection: `nodes { ... }` or `edges { node { ... } }`. */
function connectionNodeCost(ctx: Ctx, connectionType: GraphQLCompositeType, node: FieldNode, item: unknown): number {
  let most = 0;
  for (const field of fieldsOf(ctx, connectionType, node.selectionSet as SelectionSetNode, connectionType.name)) {
    const name = field.name.value;
    if (name === 'nodes' && field.selectionSet) {
      const nodeType = getNamedType((connectionType as { getFields: () => Record<string, GraphQLField<unknown, unknown>> }).getFields().nodes.type) as GraphQLCompositeType;
      most = Math.max(most, 1 + selectionCost(ctx, nodeType, field.selectionSet, item));
    }
    if (name === 'edges' && field.selectionSet) {
      const edgeType = getNamedType((connectionType as { getFields: () => Record<string, GraphQLField<unknown, unknown>> }).getFields().edges.type) as GraphQLCompositeType;
      for (const inner of fieldsOf(ctx, edgeType, field.selectionSet, edgeType.name)) {
        if (inner.name.value !== 'node' || !inner.selectionSet) continue;
        const nodeType = getNamedType((edgeType as { getFields: () => Record<string, GraphQLField<unknown, unknown>> }).getFields().node.type) as GraphQLCompositeType;
        most = Math.max(most, 1 + selectionCost(ctx, nodeType, inner.selectionSet, item));
      }
    }
  }
  return most;
}

function fieldCost(ctx: Ctx, def: GraphQLField<unknown, unknown>, node: FieldNode, value: unknown, mutation: boolean): number {
  const named = getNamedType(def.type);
  if (isLeafType(named) || !node.selectionSet || !isCompositeType(named)) return 0;
  if (ctx.actual && (value === null || value === undefined)) return mutation ? 10 : 0;
  if (isConnection(def.type)) {
    if (ctx.actual) {
      const connection = value as { nodes?: unknown[]; edges?: { node: unknown }[] };
      const items = connection.nodes ?? connection.edges?.map((e) => e.node) ?? [];
      return 2 + items.reduce<number>((sum, item) => sum + connectionNodeCost(ctx, named, node, item), 0);
    }
    const args = argumentValues(ctx, def, node);
    const size = Number(args.first ?? args.last ?? 0) || 0;
    return 2 + size * connectionNodeCost(ctx, named, node, undefined);
  }
  const children = (item: unknown) => selectionCost(ctx, named, node.selectionSet as SelectionSetNode, item);
  if (mutation) return 10 + children(value);
  if (isList(def.type)) {
    if (node.name.value === 'nodes' && def.args.some((a) => a.name === 'ids')) {
      // one node per id
      if (ctx.actual) return (value as unknown[]).reduce<number>((sum, item) => sum + (item === null ? 0 : 1 + children(item)), 0);
      const ids = argumentValues(ctx, def, node).ids;
      return (Array.isArray(ids) ? ids.length : 0) * (1 + children(undefined));
    }
    // a plain list counts as one object of its kind
    if (ctx.actual) return (value as unknown[]).length === 0 ? 0 : 1 + Math.max(...(value as unknown[]).map(children));
    return 1 + children(undefined);
  }
  return 1 + children(value);
}

function argumentValues(ctx: Ctx, def: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
  try {
    return getArgumentValues(def, node, ctx.variables);
  } catch {
    return {};
  }
}

/** The cost of an operation: requested (before execution) or, given its data, actual. */
export function operationCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>, data?: Record<string, unknown> | null): number {
  const ctx: Ctx = { schema, fragments, variables, actual: data !== undefined };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  let total = 0;
  const definitions = root.getFields();
  for (const node of fieldsOf(ctx, root, operation.selectionSet, root.name)) {
    const def = definitions[node.name.value];
    if (!def) continue;
    const value = ctx.actual ? data?.[node.alias?.value ?? node.name.value] : undefined;
    total += fieldCost(ctx, def, node, value, operation.operation === 'mutation');
  }
  return total;
}
