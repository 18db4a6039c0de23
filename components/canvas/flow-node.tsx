"use client";

import {
  Handle,
  Position,
  useConnection,
  useNodeConnections,
  type ConnectionState,
  type NodeProps,
} from "@xyflow/react";
import { memo, useState } from "react";
import {
  inputHandleId,
  isEmptyValue,
  outputHandleId,
  typesMatch,
  type FlowNodeData,
} from "@/lib/client/flow-graph";
import type { AnchorDef, NodeDef, OutputDef } from "@/lib/client/node-catalog";
import { CopyIcon, TrashIcon } from "@/components/ui/icons";
import { useFlowActions } from "./flow-context";
import { categoryColor } from "./node-colors";
import { ParamField } from "./param-field";
import { CredentialPicker } from "./pickers";

/** "source|nodeId|handleId" while a connection is being drawn, else null (a string keeps re-renders cheap). */
const selectConnecting = (connection: ConnectionState) =>
  connection.inProgress && connection.fromHandle
    ? `${connection.fromHandle.type}|${connection.fromNode.id}|${connection.fromHandle.id ?? ""}`
    : null;

function useConnectingTypes(nodeId: string): { side: "source" | "target"; types: string[] } | null {
  const { describeNode } = useFlowActions();
  const connecting = useConnection(selectConnecting);
  if (!connecting) return null;
  const [side, fromNodeId, handleId] = connecting.split("|") as ["source" | "target", string, string];
  if (fromNodeId === nodeId) return { side, types: [] };
  const def = describeNode(fromNodeId);
  if (!def) return null;
  const name = handleId
    .slice(`${fromNodeId}-${side === "source" ? "output" : "input"}-`.length)
    .split("-")[0];
  const types =
    side === "source"
      ? (def.outputs.find((output) => output.name === name) ?? def.outputs[0])?.types
      : def.anchors.find((anchor) => anchor.name === name)?.types;
  return { side, types: types ?? [] };
}

function AnchorRow({
  nodeId,
  anchor,
  isMissing,
  dim,
}: {
  nodeId: string;
  anchor: AnchorDef;
  isMissing: boolean;
  dim: boolean;
}) {
  return (
    <div
      className={`relative flex items-center justify-between px-3 py-1.5 transition-opacity ${dim ? "opacity-30" : ""}`}
    >
      <Handle
        type="target"
        position={Position.Left}
        id={inputHandleId(nodeId, anchor)}
        aria-label={`${anchor.label} input`}
        className={`!h-3 !w-3 !border-2 !border-white ${isMissing ? "!bg-red-500" : "!bg-slate-500"}`}
        title={`Accepts ${anchor.types.join(" or ")}`}
      />
      <span className="text-xs text-slate-700" title={anchor.description}>
        {anchor.label}
        {!anchor.optional && <span className="text-red-500"> *</span>}
        {anchor.list && <span className="ml-1 text-[10px] text-slate-400">(many)</span>}
      </span>
      {isMissing ? (
        <span className="rounded bg-red-50 px-1 text-[10px] font-semibold text-red-600 uppercase">
          required
        </span>
      ) : (
        <span className="max-w-32 truncate text-[10px] text-slate-400">{anchor.types.join(" | ")}</span>
      )}
    </div>
  );
}

function OutputRow({ nodeId, output, dim }: { nodeId: string; output: OutputDef; dim: boolean }) {
  return (
    <div
      className={`relative flex items-center justify-end px-3 py-1.5 transition-opacity ${dim ? "opacity-30" : ""}`}
    >
      <span className="text-xs font-medium text-slate-700" title={output.types.join(" | ")}>
        {output.label}
      </span>
      <Handle
        type="source"
        position={Position.Right}
        id={outputHandleId(nodeId, output)}
        aria-label={`${output.label} output`}
        className="!h-3 !w-3 !border-2 !border-white !bg-indigo-500"
        title={`Provides ${output.types.join(", ")}`}
      />
    </div>
  );
}

export interface FlowNodeProps extends NodeProps {
  data: FlowNodeData;
}

function FlowNodeCard({ id, data, selected }: FlowNodeProps) {
  const actions = useFlowActions();
  const [showMore, setShowMore] = useState(false);
  const connecting = useConnectingTypes(id);
  const incoming = useNodeConnections({ handleType: "target" });
  const known = actions.catalog.get(data.name);
  const def: NodeDef | undefined = known ?? actions.describeNode(id);
  if (!def) return null;

  const inputs = data.inputs ?? {};
  const connectedHandles = new Set(incoming.map((connection) => connection.targetHandle));
  const missing = new Set([
    ...def.anchors
      .filter((anchor) => !anchor.optional && !connectedHandles.has(inputHandleId(id, anchor)))
      .map((anchor) => anchor.label),
    ...def.params
      .filter(
        (param) =>
          !param.optional &&
          !param.additional &&
          param.type !== "boolean" &&
          isEmptyValue(inputs[param.name] ?? param.default),
      )
      .map((param) => param.label),
  ]);
  const mainParams = def.params.filter((param) => !param.additional);
  const moreParams = def.params.filter((param) => param.additional);
  const color = categoryColor(def.category);
  const label = String(data.label ?? def.label);

  const dimAnchor = (anchor: AnchorDef) =>
    connecting !== null && (connecting.side !== "source" || !typesMatch(connecting.types, anchor.types));
  const dimOutput = (output: OutputDef) =>
    connecting !== null && (connecting.side !== "target" || !typesMatch(output.types, connecting.types));

  return (
    <article
      data-testid={`node-${id}`}
      aria-label={`${label} node`}
      className={`w-[300px] rounded-xl border bg-white text-left shadow-sm ${selected ? "border-indigo-500 ring-2 ring-indigo-500/30" : missing.size ? "border-red-300" : "border-slate-200"}`}
    >
      <header
        className="flex items-start gap-2 rounded-t-xl border-b border-slate-100 px-3 py-2"
        style={{ borderTop: `4px solid ${color}` }}
      >
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">{label}</h3>
          <p className="truncate text-[10px] text-slate-400">
            {id} · {def.category}
          </p>
        </div>
        <button
          type="button"
          aria-label={`Duplicate ${id}`}
          title="Duplicate"
          className="nodrag rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          onClick={() => actions.duplicateNode(id)}
        >
          <CopyIcon width={14} height={14} />
        </button>
        <button
          type="button"
          aria-label={`Delete ${id}`}
          title="Delete"
          className="nodrag rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600"
          onClick={() => actions.deleteNode(id)}
        >
          <TrashIcon width={14} height={14} />
        </button>
      </header>

      {!known && (
        <p className="bg-amber-50 px-3 py-1.5 text-[11px] text-amber-800">
          Unknown node type “{data.name}”: this server cannot run it.
        </p>
      )}

      {def.credential && (
        <div className="border-b border-slate-100 px-3 py-2">
          <CredentialPicker
            label={def.credential.label === "Credential" ? "Connect credential" : def.credential.label}
            names={def.credential.names}
            value={typeof data.credential === "string" ? data.credential : ""}
            onChange={(credentialId) => actions.setCredential(id, credentialId)}
          />
        </div>
      )}

      {def.anchors.length > 0 && (
        <div className="border-b border-slate-100 py-1">
          {def.anchors.map((anchor) => (
            <AnchorRow
              key={anchor.name}
              nodeId={id}
              anchor={anchor}
              isMissing={missing.has(anchor.label)}
              dim={dimAnchor(anchor)}
            />
          ))}
        </div>
      )}

      {(mainParams.length > 0 || moreParams.length > 0) && (
        <div className="flex flex-col gap-2.5 border-b border-slate-100 px-3 py-2.5">
          {mainParams.map((param) => (
            <ParamField
              key={param.name}
              param={param}
              value={inputs[param.name] ?? param.default}
              isMissing={missing.has(param.label)}
              onChange={(value) => actions.setInput(id, param.name, value)}
            />
          ))}
          {moreParams.length > 0 && (
            <button
              type="button"
              aria-expanded={showMore}
              className="nodrag self-start text-xs font-medium text-indigo-600 hover:underline"
              onClick={() => setShowMore((value) => !value)}
            >
              {showMore ? "Hide" : "Show"} additional parameters ({moreParams.length})
            </button>
          )}
          {showMore &&
            moreParams.map((param) => (
              <ParamField
                key={param.name}
                param={param}
                value={inputs[param.name] ?? param.default}
                isMissing={false}
                onChange={(value) => actions.setInput(id, param.name, value)}
              />
            ))}
        </div>
      )}

      <div className="py-1">
        {def.outputs.map((output) => (
          <OutputRow key={output.name} nodeId={id} output={output} dim={dimOutput(output)} />
        ))}
      </div>
    </article>
  );
}

export const FlowNode = memo(FlowNodeCard);
