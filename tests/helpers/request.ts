import { NextRequest } from "next/server";

/** A request as the route handlers receive it, for calling them directly in integration tests. */
export function makeRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): NextRequest {
  return new NextRequest(new URL(path, "http://localhost"), { method: init.method ?? "GET", headers: init.headers, body: init.body });
}

export function params<T extends Record<string, string>>(value: T): { params: Promise<T> } {
  return { params: Promise.resolve(value) };
}
