import type { RecordSection } from './lib/record-sections.tsx';
import type { PanelView } from './lib/workspace.ts';
import { coreCommands } from './palette/core-commands.ts';
import type { Command } from './palette/types.ts';

/**
 * What the features contribute to the workspace, gathered by file convention so that neither
 * the palette nor the shell knows a feature by name: `features/<area>/commands.ts` exports
 * `commands`, `features/<area>/panels.tsx` exports `panels`, `features/<area>/record-sections.tsx` exports `recordSections`.
 */
const commandModules = import.meta.glob<{ commands: Command[] }>('./features/*/commands.ts', { eager: true });
const panelModules = import.meta.glob<{ panels: PanelView[] }>('./features/*/panels.tsx', { eager: true });
const sectionModules = import.meta.glob<{ recordSections: RecordSection[] }>('./features/*/record-sections.tsx', { eager: true });

export const workspaceCommands: Command[] = [...coreCommands, ...Object.values(commandModules).flatMap((m) => m.commands)];
export const workspacePanels: PanelView[] = Object.values(panelModules).flatMap((m) => m.panels);
/** `features/<area>/record-sections.tsx` exports `recordSections`: sections on other features' record screens (the Tags section). */
export const workspaceRecordSections: RecordSection[] = Object.values(sectionModules).flatMap((m) => m.recordSections);
