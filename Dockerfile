FROM oven/bun:1-debian AS app
# Speech engines and the MP3 encoder (docs/operations.md, "Speech engines"): without them eSpeak
# falls back to the slower in-process mespeak, Flite voices are absent and MP3 is encoded in JS.
RUN apt-get update \
 && apt-get install -y --no-install-recommends espeak-ng flite lame \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json bunfig.toml tsconfig.json ./
RUN bun install --production --frozen-lockfile || bun install --production
COPY src ./src
COPY views ./views
COPY jobs ./jobs
COPY migrations ./migrations
# scripts/backup.sh and restore.sh (docs/operations.md, "Backup and restore").
COPY scripts ./scripts
COPY public ./public
COPY docs/changelog.md ./docs/changelog.md
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["bun", "src/main.ts"]
