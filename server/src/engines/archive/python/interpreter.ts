import { coreField } from './core-classes.js';
import { importBindings, importModule, isImportModule, submodule } from './imports.js';
import { callMethod } from './methods.js';
import { binary, builtin, compare, iterate, MAX_ITEMS } from './operations.js';
import type { PyNode } from './parser.js';
import type { ProgramView, Scope } from './program-view.js';
import { literalString, stringParts } from './strings.js';
import { dict, dictKey, type FunctionInfo, list, NONE, num, type PyValue, str, truthy, unknown } from './values.js';

type Flow = { returned: PyValue } | null;

const MAX_CALL_DEPTH = 12;
const MAX_LOOP_ITERATIONS = 1000;

/**
 * Runs Python statements "on paper": assignments, imports, loops over known lists, dict updates
 * and calls of the pack's own functions are followed; everything else becomes an unknown value.
 * Nothing from the archive is ever executed. Only the constructs that build node mappings and
 * input definitions are modelled; the goal is reading declarations, not emulating Python.
 */
export class Interpreter {
  private depth = 0;

  constructor(private readonly program: ProgramView) {}

  /** Runs the statements of a module, class body or function body; returns what a `return` gave. */
  execBlock(block: PyNode, scope: Scope): Flow {
    for (const statement of block.namedChildren) {
      if (!statement) continue;
      const flow = this.execStatement(statement, scope);
      if (flow) return flow;
    }
    return null;
  }

  private execStatement(node: PyNode, scope: Scope): Flow {
    this.program.step();
    switch (node.type) {
      case 'expression_statement':
        for (const expression of node.namedChildren) if (expression) this.execExpression(expression, scope);
        return null;
      case 'return_statement': {
        const value = node.namedChildren[0];
        return { returned: value ? this.evaluate(value, scope) : NONE };
      }
      case 'if_statement':
        return this.execIf(node, scope);
      case 'for_statement':
        return this.execFor(node, scope);
      case 'try_statement':
      case 'with_statement':
        // Exception handlers are skipped: they describe what happens when the try body fails.
        for (const part of node.namedChildren) {
          if (!part || part.type === 'except_clause' || part.type === 'except_group_clause') continue;
          const body = part.type === 'block' ? part : (part.childForFieldName('body') ?? part.namedChildren.at(-1));
          if (body?.type !== 'block') continue;
          const flow = this.execBlock(body, scope);
          if (flow) return flow;
        }
        return null;
      case 'class_definition':
      case 'function_definition':
        this.define(node, [], scope);
        return null;
      case 'decorated_definition': {
        const definition = node.childForFieldName('definition');
        const decorators = node.namedChildren.filter((c) => c?.type === 'decorator').map((d) => d?.text ?? '');
        if (definition) this.define(definition, decorators, scope);
        return null;
      }
      case 'import_statement':
      case 'import_from_statement': {
        const star = node.namedChildren.some((c) => c?.type === 'wildcard_import');
        for (const [name, value] of importBindings(this.program, node, scope.modulePath)) {
          // A later `from x import *` re-exporting the same name as something unreadable must not
          // hide the class an earlier import bound (the star import usually brings the same class).
          const current = scope.vars.get(name);
          if (star && current?.kind === 'class' && value.kind !== 'class') continue;
          scope.vars.set(name, value);
        }
        return null;
      }
      default:
        return null;
    }
  }

  private define(node: PyNode, decorators: string[], scope: Scope): void {
    const name = node.childForFieldName('name')?.text;
    if (!name) return;
    if (node.type === 'class_definition') {
      scope.vars.set(name, { kind: 'class', cls: { name, modulePath: scope.modulePath, node } });
    } else if (node.type === 'function_definition') {
      const fn: FunctionInfo = { name, modulePath: scope.modulePath, node, owner: scope.cls, decorators };
      scope.vars.set(name, { kind: 'function', fn });
    }
  }

  private execIf(node: PyNode, scope: Scope): Flow {
    const branches: { condition: PyNode | null; body: PyNode | null }[] = [
      { condition: node.childForFieldName('condition'), body: node.childForFieldName('consequence') },
    ];
    for (const alt of node.childrenForFieldName('alternative')) {
      if (!alt) continue;
      branches.push({
        condition: alt.type === 'elif_clause' ? alt.childForFieldName('condition') : null,
        body: alt.childForFieldName(alt.type === 'elif_clause' ? 'consequence' : 'body'),
      });
    }
    for (const { condition, body } of branches) {
      const known = condition ? truthy(this.evaluate(condition, scope)) : true;
      if (known === false || !body) continue;
      // An undecidable condition runs its branch too: mappings are usually extended, not replaced.
      const flow = this.execBlock(body, scope);
      if (flow || known === true) return flow;
    }
    return null;
  }

  private execFor(node: PyNode, scope: Scope): Flow {
    const target = node.childForFieldName('left');
    const iterable = node.childForFieldName('right');
    const body = node.childForFieldName('body');
    if (!target || !iterable || !body) return null;
    const items = iterate(this.evaluate(iterable, scope));
    // Over something unknown the body still runs once, so `.update(module.MAPPINGS)` inside is seen.
    for (const item of (items ?? [unknown(target.text)]).slice(0, MAX_LOOP_ITERATIONS)) {
      this.assign(target, item, scope);
      const flow = this.execBlock(body, scope);
      if (flow) return flow;
    }
    return null;
  }

  private execExpression(node: PyNode, scope: Scope): void {
    if (node.type === 'assignment') {
      const targets: PyNode[] = [];
      let current: PyNode | null = node;
      while (current?.type === 'assignment') {
        const left = current.childForFieldName('left');
        if (left) targets.push(left);
        current = current.childForFieldName('right');
      }
      if (!current) return; // an annotation without a value
      const value = this.evaluate(current, scope);
      for (const target of targets) this.assign(target, value, scope);
    } else if (node.type === 'augmented_assignment') {
      this.augment(node, scope);
    } else {
      this.evaluate(node, scope);
    }
  }

  private augment(node: PyNode, scope: Scope): void {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const op = node.childForFieldName('operator')?.text.replace('=', '') ?? '';
    if (!left || !right) return;
    const current = this.evaluate(left, scope);
    const value = this.evaluate(right, scope);
    // `+=` on a list and `|=` on a dict change the object in place, like Python.
    if (op === '|' && current.kind === 'dict' && value.kind === 'dict') {
      for (const [k, v] of value.entries) current.entries.set(k, v);
      return;
    }
    if (op === '+' && current.kind === 'list' && !current.tuple) {
      const items = iterate(value);
      // What cannot be read (a folder listing) stays visible as a placeholder instead of vanishing.
      if (!items) current.items.push(unknown(right.text));
      else if (current.items.length + items.length <= MAX_ITEMS) current.items.push(...items);
      return;
    }
    this.assign(left, binary(op, current, value, node.text), scope);
  }

  /** Binds a value to an assignment target: a name, `d[key]`, or a tuple/list of targets. */
  assign(target: PyNode, value: PyValue, scope: Scope): void {
    switch (target.type) {
      case 'identifier':
        if (keepsMapping(scope.vars.get(target.text), value)) return;
        scope.vars.set(target.text, value);
        return;
      case 'subscript': {
        const container = this.evaluate(target.childForFieldName('value') ?? target, scope);
        const index = target.childForFieldName('subscript');
        if (container.kind !== 'dict' || !index) return;
        const key = dictKey(this.evaluate(index, scope));
        if (key === null) container.incomplete = true;
        else container.entries.set(key, value);
        return;
      }
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'tuple':
      case 'list': {
        const parts = target.namedChildren.filter((p): p is PyNode => p !== null);
        const items = iterate(value);
        parts.forEach((part, i) => {
          if (!items && part.type === 'identifier' && keepsMapping(scope.vars.get(part.text), value)) return;
          this.assign(part, items?.[i] ?? elementOf(value, i, target.text), scope);
        });
        return;
      }
      case 'parenthesized_expression': {
        const inner = target.namedChildren[0];
        if (inner) this.assign(inner, value, scope);
        return;
      }
      default:
        return;
    }
  }

  /** The static value of an expression; unknown when it depends on running code. */
  evaluate(node: PyNode, scope: Scope): PyValue {
    this.program.step();
    switch (node.type) {
      case 'string':
      case 'concatenated_string':
        return this.evaluateString(node, scope);
      case 'integer':
        return parseInteger(node.text);
      case 'float':
        return /[jJ]$/.test(node.text) ? unknown(node.text) : num(Number(node.text.replace(/_/g, '')));
      case 'true':
        return { kind: 'bool', value: true };
      case 'false':
        return { kind: 'bool', value: false };
      case 'none':
        return NONE;
      case 'identifier':
        return this.lookup(node.text, scope);
      case 'attribute':
        return this.attribute(node, scope);
      case 'subscript':
        return this.subscript(node, scope);
      case 'call':
        return this.call(node, scope);
      case 'dictionary':
        return this.dictionary(node, scope);
      case 'list':
      case 'tuple':
      case 'set':
      case 'expression_list':
        return this.sequence(node, scope, node.type === 'tuple' || node.type === 'expression_list');
      case 'parenthesized_expression': {
        const inner = node.namedChildren.find((c) => c?.type !== 'comment');
        return inner ? this.evaluate(inner, scope) : unknown(node.text);
      }
      case 'binary_operator': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const op = node.childForFieldName('operator')?.text ?? '';
        if (!left || !right) return unknown(node.text);
        return binary(op, this.evaluate(left, scope), this.evaluate(right, scope), node.text);
      }
      case 'unary_operator': {
        const operand = node.childForFieldName('argument');
        const value = operand ? this.evaluate(operand, scope) : unknown(node.text);
        const op = node.childForFieldName('operator')?.text;
        if (value.kind !== 'num') return unknown(node.text);
        return op === '-' ? num(-value.value) : op === '+' ? value : unknown(node.text);
      }
      case 'conditional_expression': {
        const [whenTrue, condition, whenFalse] = node.namedChildren;
        if (!whenTrue || !condition || !whenFalse) return unknown(node.text);
        const known = truthy(this.evaluate(condition, scope));
        if (known === null) return unknown(node.text);
        return this.evaluate(known ? whenTrue : whenFalse, scope);
      }
      case 'comparison_operator':
        return this.comparison(node, scope);
      case 'not_operator': {
        const argument = node.childForFieldName('argument');
        const known = argument ? truthy(this.evaluate(argument, scope)) : null;
        return known === null ? unknown(node.text) : { kind: 'bool', value: !known };
      }
      case 'await': {
        // ComfyUI awaits get_node_list() and comfy_entrypoint(); statically the awaited value is the call's.
        const inner = node.namedChildren[0];
        return inner ? this.evaluate(inner, scope) : unknown(node.text);
      }
      case 'list_comprehension':
      case 'set_comprehension':
      case 'generator_expression':
      case 'dictionary_comprehension':
        return this.comprehension(node, scope);
      default:
        return unknown(node.text);
    }
  }

  private evaluateString(node: PyNode, scope: Scope): PyValue {
    const literal = literalString(node);
    if (literal !== null) return str(literal);
    // An f-string is known when each replacement field is a known string or number without a format spec.
    const strings = node.type === 'concatenated_string' ? node.namedChildren : [node];
    let out = '';
    for (const s of strings) {
      const parts = s ? stringParts(s) : null;
      if (!parts) return unknown(node.text);
      for (const part of parts) {
        if ('text' in part) {
          out += part.text;
          continue;
        }
        const expression = part.field.childForFieldName('expression') ?? part.field.namedChildren[0];
        if (!expression || part.field.childForFieldName('format_specifier')) return unknown(node.text);
        const value = this.evaluate(expression, scope);
        if (value.kind === 'str') out += value.value;
        else if (value.kind === 'num') out += String(value.value);
        else return unknown(node.text);
      }
    }
    return str(out);
  }

  /** Looks a name up in the scope chain; names from nowhere are built-ins or unknown globals. */
  lookup(name: string, scope: Scope): PyValue {
    for (let s: Scope | null = scope; s; s = s.parent) {
      const value = s.vars.get(name);
      if (value) return value;
    }
    return { kind: 'ref', name, origin: '' };
  }

  private attribute(node: PyNode, scope: Scope): PyValue {
    const objectNode = node.childForFieldName('object');
    const name = node.childForFieldName('attribute')?.text ?? '';
    if (!objectNode) return unknown(node.text);
    return this.attributeOf(this.evaluate(objectNode, scope), name, node.text);
  }

  /** `value.name`, following modules, classes (with inheritance) and instances of the pack. */
  attributeOf(value: PyValue, name: string, text: string): PyValue {
    switch (value.kind) {
      case 'module': {
        const found = this.program.moduleScope(value.path).vars.get(name);
        if (found) return found;
        const folder = value.path.replace(/(^|\/)__init__\.py$/, '');
        const sub = submodule(this.program, folder, name);
        return sub ?? unknown(text);
      }
      case 'class':
      case 'instance':
      case 'super': {
        if (name === '__name__' && value.kind === 'class') return str(value.cls.name);
        const self = value.kind === 'super' ? value.self : value;
        const cls = self.kind === 'class' || self.kind === 'instance' ? self.cls : value.cls;
        const found = this.program.classAttribute(cls, name, value.kind === 'super' ? value.cls : undefined);
        if (!found) return value.kind === 'super' ? unknown(text) : { kind: 'attr', object: value, name, text };
        if (found.value.kind !== 'function') return found.value;
        const fn = found.value.fn;
        const decorators = fn.decorators.join(' ');
        if (decorators.includes('staticmethod')) return found.value;
        const receiver = value.kind === 'super' ? value.self : value;
        if (decorators.includes('classmethod')) {
          const clsValue: PyValue = receiver.kind === 'instance' ? { kind: 'class', cls: receiver.cls } : receiver;
          return { kind: 'bound', fn, self: clsValue };
        }
        // A plain method is bound on instances and stays a function when read from the class.
        return receiver.kind === 'instance' ? { kind: 'bound', fn, self: receiver } : found.value;
      }
      case 'ref':
      case 'attr':
      case 'call':
        return { kind: 'attr', object: value, name, text };
      default:
        return unknown(text);
    }
  }

  private subscript(node: PyNode, scope: Scope): PyValue {
    const container = this.evaluate(node.childForFieldName('value') ?? node, scope);
    const index = node.childForFieldName('subscript');
    if (!index || index.type === 'slice') return unknown(node.text);
    const key = this.evaluate(index, scope);
    if (container.kind === 'dict') {
      const k = dictKey(key);
      return (k !== null && container.entries.get(k)) || unknown(node.text);
    }
    if (container.kind === 'list' && key.kind === 'num' && Number.isInteger(key.value)) {
      const i = key.value < 0 ? container.items.length + key.value : key.value;
      return container.items[i] ?? unknown(node.text);
    }
    return unknown(node.text);
  }

  private call(node: PyNode, scope: Scope): PyValue {
    const calleeNode = node.childForFieldName('function');
    const argsNode = node.childForFieldName('arguments');
    if (!calleeNode) return unknown(node.text);
    const { args, kwargs } = this.arguments(argsNode, scope);
    if (calleeNode.type === 'identifier' && calleeNode.text === 'super' && scope.cls && scope.self) {
      return { kind: 'super', cls: scope.cls, self: scope.self };
    }
    let callee: PyValue;
    if (calleeNode.type === 'attribute') {
      const target = this.evaluate(calleeNode.childForFieldName('object') ?? calleeNode, scope);
      const method = calleeNode.childForFieldName('attribute')?.text ?? '';
      const inherited = this.coreClassMethod(target, method);
      if (inherited) return inherited;
      const result = callMethod(target, method, args, kwargs, node.text);
      if (result) return result;
      callee = this.attributeOf(target, method, calleeNode.text);
    } else {
      callee = this.evaluate(calleeNode, scope);
    }
    return this.invoke(callee, args, kwargs, node.text);
  }

  /**
   * `KSampler.INPUT_TYPES()`, `super().INPUT_TYPES()`: the inputs of a ComfyUI class, read from
   * what it is known to return (core-classes.ts), so a subclass can extend them.
   */
  private coreClassMethod(target: PyValue, method: string): PyValue | null {
    if (method !== 'INPUT_TYPES') return null;
    const direct = coreField(target, method);
    if (direct) return direct;
    if (target.kind !== 'class' && target.kind !== 'instance' && target.kind !== 'super') return null;
    const self = target.kind === 'super' ? target.self : target;
    const cls = self.kind === 'class' || self.kind === 'instance' ? self.cls : target.cls;
    const found = this.program.classAttribute(cls, method, target.kind === 'super' ? target.cls : undefined);
    return found?.core ? found.value : null;
  }

  /** Calls a value: the pack's own functions are followed, classes give instances, the rest stays symbolic. */
  invoke(callee: PyValue, args: PyValue[], kwargs: Map<string, PyValue>, text: string): PyValue {
    if (callee.kind === 'function') return this.callFunction(callee.fn, null, args, kwargs);
    if (callee.kind === 'bound') return this.callFunction(callee.fn, callee.self, args, kwargs);
    if (callee.kind === 'class') {
      // `class AnyType(str)` and friends: an instance built from a string is that string to ComfyUI.
      const [first] = args;
      if (first?.kind === 'str' && this.program.inheritsFrom(callee.cls, 'str')) return first;
      return { kind: 'instance', cls: callee.cls };
    }
    if (isImportModule(callee)) {
      const module = importModule(this.program, args[0], kwargs.get('package') ?? args[1]);
      if (module) return module;
    }
    if (callee.kind === 'ref' && callee.origin === '') {
      const result = builtin(callee.name, args, kwargs, text);
      if (result) return result;
    }
    return { kind: 'call', callee, args, kwargs, text };
  }

  /** Runs one of the pack's functions statically with its arguments bound; depth-limited. */
  callFunction(fn: FunctionInfo, self: PyValue | null, args: PyValue[], kwargs: Map<string, PyValue>): PyValue {
    const body = fn.node.childForFieldName('body');
    if (!body || this.depth >= MAX_CALL_DEPTH) return unknown(`${fn.name}(...)`);
    const scope: Scope = {
      vars: new Map(),
      parent: this.program.moduleScope(fn.modulePath),
      modulePath: fn.modulePath,
      cls: fn.owner,
      self,
    };
    this.bindParameters(fn, self ? [self, ...args] : args, kwargs, scope);
    this.depth += 1;
    try {
      return this.execBlock(body, scope)?.returned ?? NONE;
    } finally {
      this.depth -= 1;
    }
  }

  private bindParameters(fn: FunctionInfo, positional: PyValue[], kwargs: Map<string, PyValue>, scope: Scope): void {
    const remaining = new Map(kwargs);
    let i = 0;
    for (const param of fn.node.childForFieldName('parameters')?.namedChildren ?? []) {
      if (!param) continue;
      if (param.type === 'list_splat_pattern') {
        const name = param.namedChildren[0]?.text;
        if (name) scope.vars.set(name, list(positional.slice(i), true));
        i = positional.length;
        continue;
      }
      if (param.type === 'dictionary_splat_pattern') {
        const name = param.namedChildren[0]?.text;
        if (name) scope.vars.set(name, dict(remaining));
        continue;
      }
      const name = (param.childForFieldName('name') ?? param.namedChildren[0] ?? param).text;
      if (!/^[A-Za-z_]\w*$/.test(name)) continue;
      const defaultNode = param.childForFieldName('value');
      const value =
        positional[i] ??
        remaining.get(name) ??
        (defaultNode ? this.evaluate(defaultNode, this.program.moduleScope(fn.modulePath)) : unknown(name));
      if (positional[i]) i += 1;
      remaining.delete(name);
      scope.vars.set(name, value);
    }
  }

  private arguments(node: PyNode | null, scope: Scope): { args: PyValue[]; kwargs: Map<string, PyValue> } {
    const args: PyValue[] = [];
    const kwargs = new Map<string, PyValue>();
    if (!node) return { args, kwargs };
    if (node.type === 'generator_expression') return { args: [this.evaluate(node, scope)], kwargs };
    for (const arg of node.namedChildren) {
      if (!arg || arg.type === 'comment') continue;
      if (arg.type === 'keyword_argument') {
        const name = arg.childForFieldName('name')?.text;
        const value = arg.childForFieldName('value');
        if (name && value) kwargs.set(name, this.evaluate(value, scope));
      } else if (arg.type === 'list_splat') {
        const inner = arg.namedChildren[0];
        const items = inner ? iterate(this.evaluate(inner, scope)) : null;
        args.push(...(items ?? [unknown(arg.text)]));
      } else if (arg.type === 'dictionary_splat') {
        const inner = arg.namedChildren[0];
        const value = inner ? this.evaluate(inner, scope) : unknown(arg.text);
        if (value.kind === 'dict') for (const [k, v] of value.entries) kwargs.set(k, v);
      } else {
        args.push(this.evaluate(arg, scope));
      }
    }
    return { args, kwargs };
  }

  private dictionary(node: PyNode, scope: Scope): PyValue {
    const out = dict();
    for (const item of node.namedChildren) {
      if (!item || item.type === 'comment') continue;
      if (item.type === 'pair') {
        const keyNode = item.childForFieldName('key');
        const valueNode = item.childForFieldName('value');
        const key = keyNode ? dictKey(this.evaluate(keyNode, scope)) : null;
        if (key === null || !valueNode) out.incomplete = true;
        else out.entries.set(key, this.evaluate(valueNode, scope));
      } else if (item.type === 'dictionary_splat') {
        const inner = item.namedChildren[0];
        const value = inner ? this.evaluate(inner, scope) : unknown(item.text);
        if (value.kind === 'dict') {
          for (const [k, v] of value.entries) out.entries.set(k, v);
          if (value.incomplete) out.incomplete = true;
        } else {
          out.incomplete = true;
        }
      }
    }
    return out;
  }

  private sequence(node: PyNode, scope: Scope, tuple: boolean): PyValue {
    const items: PyValue[] = [];
    for (const item of node.namedChildren) {
      if (!item || item.type === 'comment') continue;
      if (item.type === 'list_splat') {
        const inner = item.namedChildren[0];
        const spread = inner ? iterate(this.evaluate(inner, scope)) : null;
        items.push(...(spread ?? [unknown(item.text)]));
      } else {
        items.push(this.evaluate(item, scope));
      }
      if (items.length > MAX_ITEMS) return unknown(node.text);
    }
    return list(items, tuple);
  }

  private comparison(node: PyNode, scope: Scope): PyValue {
    const operands = node.namedChildren.filter((c): c is PyNode => c !== null);
    const operators = node.children.filter((c) => c !== null && !c.isNamed).map((c) => c?.text ?? '');
    if (operands.length !== 2) return unknown(node.text);
    const op = operators.join(' ').replace(/\s+/g, ' ');
    const [left, right] = operands.map((o) => this.evaluate(o, scope));
    const result = left && right ? compare(op, left, right) : null;
    return result === null ? unknown(node.text) : { kind: 'bool', value: result };
  }

  private comprehension(node: PyNode, scope: Scope): PyValue {
    const body = node.childForFieldName('body');
    const clauses = node.namedChildren.filter(
      (c): c is PyNode => c?.type === 'for_in_clause' || c?.type === 'if_clause',
    );
    if (!body) return unknown(node.text);
    const inner: Scope = {
      vars: new Map(),
      parent: scope,
      modulePath: scope.modulePath,
      cls: scope.cls,
      self: scope.self,
    };
    const results: PyValue[] = [];
    const out = dict();
    let known = true;
    const run = (index: number): void => {
      if (!known || results.length > MAX_ITEMS) return;
      const clause = clauses[index];
      if (!clause) {
        if (body.type === 'pair') {
          const key = dictKey(this.evaluate(body.childForFieldName('key') ?? body, inner));
          const valueNode = body.childForFieldName('value');
          if (key === null || !valueNode) out.incomplete = true;
          else out.entries.set(key, this.evaluate(valueNode, inner));
        } else {
          results.push(this.evaluate(body, inner));
        }
        return;
      }
      if (clause.type === 'if_clause') {
        const condition = clause.namedChildren[0];
        // An undecidable filter keeps the item: better a possible extra entry than a lost one.
        if (condition && truthy(this.evaluate(condition, inner)) === false) return;
        run(index + 1);
        return;
      }
      const left = clause.childForFieldName('left');
      const right = clause.childForFieldName('right');
      const items = right ? iterate(this.evaluate(right, inner)) : null;
      if (!left || !items) {
        known = false;
        return;
      }
      for (const item of items.slice(0, MAX_LOOP_ITERATIONS)) {
        this.assign(left, item, inner);
        run(index + 1);
      }
    };
    run(0);
    if (!known) return unknown(node.text);
    return node.type === 'dictionary_comprehension' ? out : list(results);
  }
}

function parseInteger(text: string): PyValue {
  const clean = text.replace(/_/g, '').toLowerCase();
  if (/[jl]$/.test(clean)) return unknown(text);
  if (/^0[box]/.test(clean)) {
    const radix = clean[1] === 'b' ? 2 : clean[1] === 'o' ? 8 : 16;
    return num(Number.parseInt(clean.slice(2), radix));
  }
  return num(Number(clean));
}

/**
 * `x = f(x)` (or `x, y = f(x, y)`) where f comes from outside the pack and x already holds a
 * mapping: packs use it to extend their mappings through an optional helper. The result cannot
 * be read, but throwing away the mapping read so far would lose every class it lists.
 */
function keepsMapping(current: PyValue | undefined, value: PyValue): boolean {
  if (current?.kind !== 'dict' || value.kind !== 'call') return false;
  if (value.callee.kind !== 'ref' && value.callee.kind !== 'attr') return false;
  return value.args.includes(current) || [...value.kwargs.values()].includes(current);
}

/**
 * Element i of a value that cannot be iterated statically. Of a call to something outside the
 * pack it stays a call (with the same arguments), so readers can still see what it was given.
 */
function elementOf(value: PyValue, i: number, targetText: string): PyValue {
  if (value.kind === 'call') return { ...value, text: `${value.text}[${i}]` };
  return unknown(`${value.kind === 'unknown' ? value.text : targetText}[${i}]`);
}
