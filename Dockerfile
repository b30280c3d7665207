FROM oven/bun:1-debian AS app
WORKDIR /app
COPY package.json package-lock.json bunfig.toml tsconfig.json ./
RUN bun install --production --frozen-lockfile || bun install --production
COPY src ./src
COPY views ./views
COPY jobs ./jobs
COPY migrations ./migrations
COPY public ./public
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["bun", "src/main.ts"]
