/**
 * True when A and B are assignable both ways. An answer's TypeScript type and the zod schema that
 * documents it are checked with it at compile time (`const x: SameShape<T, z.infer<S>> = true`),
 * so the OpenAPI document cannot drift from what the code answers.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
