// Settings files whose hooks are JSON: {"hooks": {EVENT: [{"matcher": M, "hooks": [{"type": "command", "command": C}]}]}}
// (Claude Code's settings.json, Gemini CLI's settings.json). Other keys, hooks and groups stay as they are.
import { isObject, parseSettings as parse, renderSettings as render, type Json } from "./json-settings.js";
import { isToolspanHook, SettingsError, type SettingsFormat } from "./settings-format.js";

// The event's groups, or a SettingsError when the file holds something else there.
function groupsOf(settings: Json, event: string, path: string): unknown[] | undefined {
  const hooks = settings.hooks;
  if (hooks === undefined) return undefined;
  if (!isObject(hooks)) throw new SettingsError(`${path}: "hooks" is not an object`);
  const groups = hooks[event];
  if (groups === undefined) return undefined;
  if (!Array.isArray(groups)) throw new SettingsError(`${path}: "hooks.${event}" is not a list`);
  return groups;
}

const hooksOf = (group: unknown): unknown[] => (isObject(group) && Array.isArray(group.hooks) ? group.hooks : []);

/** The JSON hook format for `harness`'s `event`, matching `matcher`, with `extra` fields on the hook itself. */
export function jsonHooks(harness: string, event: string, matcher: string, extra: Json = {}): SettingsFormat {
  const ours = (hook: unknown): boolean => isObject(hook) && isToolspanHook(hook.command, harness);
  // The settings without toolspan's hook: a group left empty by it goes, and so do empty containers.
  const without = (settings: Json, groups: unknown[]): Json => {
    const kept = groups.flatMap((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks) || !group.hooks.some(ours)) return [group];
      const rest = group.hooks.filter((hook) => !ours(hook));
      return rest.length === 0 ? [] : [{ ...group, hooks: rest }];
    });
    const hooks = { ...(settings.hooks as Json) };
    if (kept.length === 0) delete hooks[event];
    else hooks[event] = kept;
    const rest = { ...settings };
    if (Object.keys(hooks).length === 0) delete rest.hooks;
    else rest.hooks = hooks;
    return rest;
  };
  return {
    add(text, command, path) {
      const settings = text === null || text.trim() === "" ? {} : parse(text, path);
      const groups = groupsOf(settings, event, path) ?? [];
      const existing = groups.flatMap(hooksOf).filter(ours) as Json[];
      if (existing.length === 1 && existing[0]!.command === command) return null;
      const base = existing.length === 0 ? settings : without(settings, groups);
      const hooks = isObject(base.hooks) ? base.hooks : {};
      const others = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
      return render({ ...base, hooks: { ...hooks, [event]: [...others, { matcher, hooks: [{ type: "command", command, ...extra }] }] } });
    },
    remove(text, path) {
      const settings = parse(text, path);
      const groups = groupsOf(settings, event, path);
      if (groups === undefined || !groups.flatMap(hooksOf).some(ours)) return null;
      return render(without(settings, groups));
    },
  };
}
