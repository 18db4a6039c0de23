-- CreateTable
CREATE TABLE "PredictionRun" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "chatflowId" UUID NOT NULL,
    "chatId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "model" TEXT,
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "totalTokens" INTEGER,
    "errorMessage" TEXT,
    "streaming" BOOLEAN NOT NULL,
    "createdDate" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PredictionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PredictionRun_chatflowId_createdDate_idx" ON "PredictionRun"("chatflowId", "createdDate");

-- CreateIndex
CREATE INDEX "PredictionRun_workspaceId_idx" ON "PredictionRun"("workspaceId");

-- AddForeignKey
ALTER TABLE "PredictionRun" ADD CONSTRAINT "PredictionRun_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PredictionRun" ADD CONSTRAINT "PredictionRun_chatflowId_fkey" FOREIGN KEY ("chatflowId") REFERENCES "ChatFlow"("id") ON DELETE CASCADE ON UPDATE CASCADE;
