"use client";

import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type FinalConnectionState,
  type Node,
  type NodeChange,
} from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { useToast } from "@/components/ui/toaster";
import { callApi, errorMessage } from "@/lib/client/api";
import {
  checkConnection,
  cloneSelection,
  connectEdges,
  createNode,
  findAnchor,
  findMissingInputs,
  layoutNodes,
  nextNodeId,
  readFlowData,
  resolveDef,
  writeFlowData,
  type FlowEdge,
  type FlowNode,
  type FlowNodeData,
} from "@/lib/client/flow-graph";
import type { NodeDef } from "@/lib/client/node-catalog";
import type { Chatflow } from "@/lib/client/types";
import { ButtonEdge } from "./button-edge";
import { ChatPanel } from "@/components/chat/chat-panel";
import { ApiDialog } from "@/components/chatflows/api-dialog";
import { ChatflowSettingsDialog } from "@/components/chatflows/chatflow-settings-dialog";
import { buttonClass } from "@/components/ui/styles";
import { EditorToolbar } from "./editor-toolbar";
import { FlowActionsContext, type FlowActions } from "./flow-context";
import { FlowNode as FlowNodeCard } from "./flow-node";
import { NodePalette, paletteMime } from "./node-palette";
import { StickyNoteNode } from "./sticky-note-node";
import { useFlowHistory } from "./use-flow-history";
import { useUnsavedChangesGuard } from "@/components/ui/use-unsaved-changes-guard";
import { useRemoteChangeWatch } from "./use-remote-change-watch";
import { isVectorStoreDef, UpsertDialog, type VectorStoreNode } from "./upsert-dialog";

// Module scope: React Flow re-mounts every node when these objects change identity.
const nodeTypes = { customNode: FlowNodeCard, stickyNote: StickyNoteNode };
const edgeTypes = { buttonedge: ButtonEdge };
const defaultEdgeOptions = { type: "buttonedge" };

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    Boolean(target.closest(".monaco-editor")));

interface FlowWorkspaceProps {
  chatflow: Chatflow;
  catalog: Map<string, NodeDef>;
}

export function FlowWorkspace({ chatflow: loaded, catalog }: FlowWorkspaceProps) {
  const toast = useToast();
  const flow = useReactFlow<Node, Edge>();
  const [initial] = useState(() => readFlowData(loaded.flowData, catalog));
  const [nodes, setNodes, applyNodeChanges] = useNodesState<Node>(initial.nodes as Node[]);
  const [edges, setEdges, applyEdgeChanges] = useEdgesState<Edge>(initial.edges as Edge[]);
  const [chatflow, setChatflow] = useState(loaded);
  const [isDirty, setDirty] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [isChatOpen, setChatOpen] = useState(true);
  const [hasConflict, setConflict] = useState(false);
  const [dialog, setDialog] = useState<"settings" | "api" | "upsert" | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const clipboard = useRef<{ nodes: FlowNode[]; edges: FlowEdge[]; pastes: number } | null>(null);

  const readSnapshot = useCallback(() => ({ nodes: flow.getNodes(), edges: flow.getEdges() }), [flow]);
  const applySnapshot = useCallback(
    (snapshot: { nodes: Node[]; edges: Edge[] }) => {
      setNodes(snapshot.nodes);
      setEdges(snapshot.edges);
      setDirty(true);
    },
    [setNodes, setEdges],
  );
  const history = useFlowHistory(readSnapshot, applySnapshot);
  const { record } = history;

  const defs = useMemo(() => [...catalog.values()], [catalog]);
  const vectorStores = useMemo<VectorStoreNode[]>(
    () =>
      nodes.flatMap((node) => {
        const { def } = resolveDef(node.data as FlowNodeData, catalog);
        return isVectorStoreDef(def)
          ? [{ id: node.id, label: String((node.data as FlowNodeData).label ?? def.label) }]
          : [];
      }),
    [nodes, catalog],
  );
  const missing = useMemo(
    () => findMissingInputs(nodes as unknown as FlowNode[], edges as FlowEdge[], catalog),
    [nodes, edges, catalog],
  );

  // ------------------------------------------------------------------------------------------
  // Changes

  const addNodes = useCallback(
    (added: FlowNode[], addedEdges: FlowEdge[] = []) => {
      record();
      setNodes((all) => [...all.map((node) => ({ ...node, selected: false })), ...(added as Node[])]);
      if (addedEdges.length) setEdges((all) => [...all, ...(addedEdges as Edge[])]);
      setDirty(true);
    },
    [record, setNodes, setEdges],
  );

  const addNodeOfDef = useCallback(
    (def: NodeDef, position: { x: number; y: number }) => {
      const id = nextNodeId(
        def.name,
        flow.getNodes().map((node) => node.id),
      );
      addNodes([{ ...createNode(def, id, position), selected: true }]);
    },
    [flow, addNodes],
  );

  const duplicate = useCallback(
    (ids: string[]) => {
      const all = flow.getNodes() as unknown as FlowNode[];
      const chosen = all.filter((node) => ids.includes(node.id));
      if (!chosen.length) return;
      const copy = cloneSelection(
        chosen,
        flow.getEdges() as FlowEdge[],
        all.map((node) => node.id),
        { x: 40, y: 40 },
      );
      addNodes(copy.nodes, copy.edges);
    },
    [flow, addNodes],
  );

  const actions = useMemo<FlowActions>(
    () => ({
      catalog,
      describeNode: (nodeId) => {
        const node = flow.getNode(nodeId);
        return node ? resolveDef(node.data as FlowNodeData, catalog).def : undefined;
      },
      setInput: (nodeId, name, value) => {
        record(`input:${nodeId}:${name}`);
        setNodes((all) =>
          all.map((node) =>
            node.id === nodeId
              ? {
                  ...node,
                  data: {
                    ...node.data,
                    inputs: { ...((node.data as FlowNodeData).inputs ?? {}), [name]: value },
                  },
                }
              : node,
          ),
        );
        setDirty(true);
      },
      setCredential: (nodeId, credentialId) => {
        record();
        setNodes((all) =>
          all.map((node) => {
            if (node.id !== nodeId) return node;
            const data = { ...(node.data as FlowNodeData) };
            if (credentialId) data.credential = credentialId;
            else delete data.credential;
            return { ...node, data };
          }),
        );
        setDirty(true);
      },
      duplicateNode: (nodeId) => duplicate([nodeId]),
      deleteNode: (nodeId) => void flow.deleteElements({ nodes: [{ id: nodeId }] }),
    }),
    [catalog, flow, record, setNodes, duplicate],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<Node>[]) => {
      const isEdit = changes.some(
        (change) =>
          change.type === "remove" ||
          change.type === "add" ||
          change.type === "replace" ||
          (change.type === "position" && change.dragging === false) ||
          (change.type === "dimensions" && change.resizing === true),
      );
      if (isEdit) setDirty(true);
      applyNodeChanges(changes);
    },
    [applyNodeChanges],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<Edge>[]) => {
      if (changes.some((change) => change.type === "remove" || change.type === "add")) setDirty(true);
      applyEdgeChanges(changes);
    },
    [applyEdgeChanges],
  );

  const isValidConnection = useCallback(
    (connection: Connection | Edge) =>
      checkConnection(
        connection,
        flow.getNodes() as unknown as FlowNode[],
        flow.getEdges() as FlowEdge[],
        catalog,
      ).ok,
    [flow, catalog],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const target = flow.getNode(connection.target);
      if (!target) return;
      const anchor = findAnchor(
        resolveDef(target.data as FlowNodeData, catalog).def,
        target.id,
        connection.targetHandle,
      );
      record();
      setEdges((all) => connectEdges(all as FlowEdge[], connection, anchor?.list === true) as Edge[]);
      setDirty(true);
    },
    [flow, catalog, record, setEdges],
  );

  // A refused connection says why, instead of silently snapping back.
  const onConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (!state.toHandle || state.isValid !== false || !state.fromHandle) return;
      const [from, to] = [state.fromHandle, state.toHandle];
      const connection =
        from.type === "source"
          ? {
              source: from.nodeId,
              sourceHandle: from.id ?? null,
              target: to.nodeId,
              targetHandle: to.id ?? null,
            }
          : {
              source: to.nodeId,
              sourceHandle: to.id ?? null,
              target: from.nodeId,
              targetHandle: from.id ?? null,
            };
      const verdict = checkConnection(
        connection,
        flow.getNodes() as unknown as FlowNode[],
        flow.getEdges() as FlowEdge[],
        catalog,
      );
      if (!verdict.ok) toast.error(`Cannot connect: ${verdict.reason}`);
    },
    [flow, catalog, toast],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(paletteMime)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const name = event.dataTransfer.getData(paletteMime);
      const def = catalog.get(name);
      if (!def) return;
      event.preventDefault();
      const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      addNodeOfDef(def, { x: position.x - 150, y: position.y - 20 });
    },
    [catalog, flow, addNodeOfDef],
  );

  const addAtCenter = useCallback(
    (def: NodeDef) => {
      const box = wrapper.current?.getBoundingClientRect();
      const center = box
        ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 3 })
        : { x: 0, y: 0 };
      const stagger = (flow.getNodes().length % 5) * 30;
      addNodeOfDef(def, { x: center.x - 150 + stagger, y: center.y + stagger });
    },
    [flow, addNodeOfDef],
  );

  const arrange = useCallback(() => {
    record();
    setNodes(
      (all) => layoutNodes(all as unknown as FlowNode[], flow.getEdges() as FlowEdge[]) as unknown as Node[],
    );
    setDirty(true);
    requestAnimationFrame(() => void flow.fitView({ padding: 0.15, duration: 300 }));
  }, [flow, record, setNodes]);

  // ------------------------------------------------------------------------------------------
  // Saving

  const save = useCallback(
    async (overwrite = false) => {
      if (isSaving) return;
      setSaving(true);
      try {
        if (!overwrite) {
          const { hasChanged } = await callApi<{ hasChanged: boolean }>(
            `/chatflows/has-changed/${chatflow.id}/${encodeURIComponent(chatflow.updatedDate)}`,
          ).catch(() => ({ hasChanged: false }));
          if (hasChanged) {
            setConflict(true);
            return;
          }
        }
        const flowData = writeFlowData(
          {
            nodes: flow.getNodes() as unknown as FlowNode[],
            edges: flow.getEdges() as FlowEdge[],
            viewport: flow.getViewport(),
          },
          catalog,
        );
        const updated = await callApi<Chatflow>(`/chatflows/${chatflow.id}`, {
          method: "PUT",
          body: { flowData },
        });
        setChatflow(updated);
        setDirty(false);
        setConflict(false);
        toast.success("Chatflow saved");
      } catch (error) {
        toast.error(`Save failed: ${errorMessage(error)}`);
      } finally {
        setSaving(false);
      }
    },
    [isSaving, chatflow.id, chatflow.updatedDate, flow, catalog, toast],
  );

  const remoteChange = useRemoteChangeWatch(chatflow.id, chatflow.updatedDate);
  useUnsavedChangesGuard(isDirty);

  // ------------------------------------------------------------------------------------------
  // Keyboard

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const isMod = event.ctrlKey || event.metaKey;
      if (!isMod) return;
      const key = event.key.toLowerCase();
      if (key === "s") {
        event.preventDefault();
        void save();
        return;
      }
      if (isTyping(event.target)) return;
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        history.redo();
      } else if (key === "c") {
        const selected = flow.getNodes().filter((node) => node.selected) as unknown as FlowNode[];
        if (!selected.length) return;
        clipboard.current = { nodes: selected, edges: flow.getEdges() as FlowEdge[], pastes: 0 };
        toast.show(`Copied ${selected.length} node${selected.length > 1 ? "s" : ""}`);
      } else if (key === "v" && clipboard.current) {
        event.preventDefault();
        const clip = clipboard.current;
        clip.pastes += 1;
        const ids = flow.getNodes().map((node) => node.id);
        const copy = cloneSelection(clip.nodes, clip.edges, ids, {
          x: 40 * clip.pastes,
          y: 40 * clip.pastes,
        });
        addNodes(copy.nodes, copy.edges);
      } else if (key === "d") {
        event.preventDefault();
        duplicate(
          flow
            .getNodes()
            .filter((node) => node.selected)
            .map((node) => node.id),
        );
      } else if (key === "a") {
        event.preventDefault();
        setNodes((all) => all.map((node) => ({ ...node, selected: true })));
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [save, history, flow, toast, addNodes, duplicate, setNodes]);

  const renameChatflow = useCallback(
    async (name: string) => {
      try {
        setChatflow(await callApi<Chatflow>(`/chatflows/${chatflow.id}`, { method: "PUT", body: { name } }));
      } catch (error) {
        toast.error(`Rename failed: ${errorMessage(error)}`);
      }
    },
    [chatflow.id, toast],
  );

  return (
    <FlowActionsContext.Provider value={actions}>
      <div className="flex h-full flex-col">
        <EditorToolbar
          chatflow={chatflow}
          isDirty={isDirty}
          isSaving={isSaving}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          missing={missing}
          isChatOpen={isChatOpen}
          onSave={() => void save()}
          onUndo={history.undo}
          onRedo={history.redo}
          onArrange={arrange}
          onRename={renameChatflow}
          onToggleChat={() => setChatOpen((value) => !value)}
          onFocusNode={(nodeId) =>
            void flow.fitView({ nodes: [{ id: nodeId }], duration: 300, maxZoom: 1.2 })
          }
          onChatflowChange={setChatflow}
          extra={
            <>
              {vectorStores.length > 0 && (
                <button type="button" className={buttonClass.ghost} onClick={() => setDialog("upsert")}>
                  Upsert
                </button>
              )}
              <button type="button" className={buttonClass.ghost} onClick={() => setDialog("api")}>
                API
              </button>
              <button type="button" className={buttonClass.ghost} onClick={() => setDialog("settings")}>
                Settings
              </button>
            </>
          }
        />
        {(remoteChange.hasChanged || hasConflict) && (
          <div
            role="alert"
            data-testid="remote-change-warning"
            className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          >
            <span className="flex-1">
              Someone else saved this chatflow after you opened it. Reload to see their version, or overwrite
              it with yours.
            </span>
            <button
              type="button"
              className="rounded-md border border-amber-300 bg-white px-2 py-1 hover:bg-amber-100"
              onClick={() => window.location.reload()}
            >
              Reload
            </button>
            <button
              type="button"
              className="rounded-md bg-amber-600 px-2 py-1 text-white hover:bg-amber-700"
              onClick={() => void save(true)}
            >
              Overwrite
            </button>
            <button
              type="button"
              aria-label="Dismiss warning"
              className="px-1"
              onClick={() => {
                setConflict(false);
                remoteChange.dismiss();
              }}
            >
              ×
            </button>
          </div>
        )}
        <div className="flex min-h-0 flex-1">
          <NodePalette defs={defs} onAdd={addAtCenter} />
          <div ref={wrapper} className="relative min-w-0 flex-1" data-testid="canvas">
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              defaultEdgeOptions={defaultEdgeOptions}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onConnectEnd={onConnectEnd}
              isValidConnection={isValidConnection}
              onBeforeDelete={async () => {
                record();
                return true;
              }}
              onNodeDragStart={() => record()}
              onSelectionDragStart={() => record()}
              onDrop={onDrop}
              onDragOver={onDragOver}
              deleteKeyCode={["Backspace", "Delete"]}
              multiSelectionKeyCode={["Meta", "Control"]}
              defaultViewport={initial.viewport}
              fitView={!initial.viewport && initial.nodes.length > 0}
              fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
              minZoom={0.15}
              maxZoom={2}
            >
              <Background variant={BackgroundVariant.Dots} gap={20} size={1} color="#cbd5e1" />
              <Controls position="bottom-left" />
              <MiniMap
                position="bottom-right"
                pannable
                zoomable
                ariaLabel="Minimap"
                className="!h-28 !w-40"
              />
            </ReactFlow>
            {nodes.length === 0 && (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
                <div className="rounded-xl border border-dashed border-slate-300 bg-white/80 px-6 py-4 text-center text-sm text-slate-500">
                  Drag nodes from the palette to start.
                  <br />A chat model, a memory and a chain make a conversation.
                </div>
              </div>
            )}
          </div>
          {isChatOpen && (
            <ChatPanel
              chatflowId={chatflow.id}
              hasUnsavedChanges={isDirty}
              missing={missing}
              onSave={() => void save()}
              onClose={() => setChatOpen(false)}
            />
          )}
        </div>
      </div>
      {dialog === "settings" && (
        <ChatflowSettingsDialog
          chatflow={chatflow}
          open
          onClose={() => setDialog(null)}
          onSaved={setChatflow}
        />
      )}
      {dialog === "api" && <ApiDialog chatflow={chatflow} open onClose={() => setDialog(null)} />}
      {dialog === "upsert" && (
        <UpsertDialog
          chatflowId={chatflow.id}
          stores={vectorStores}
          hasUnsavedChanges={isDirty}
          onClose={() => setDialog(null)}
        />
      )}
    </FlowActionsContext.Provider>
  );
}
