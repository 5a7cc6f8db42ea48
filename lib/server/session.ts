import "server-only";

/** The signed-in person as the UI needs them; never carries secrets. */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  imageUrl: string | null;
  hasMechanicProfile: boolean;
  ownsStations: boolean;
};

/**
 * The current viewer. Sign-in does not exist yet (issue 4 brings next-auth), so nobody is
 * signed in and every visitor is anonymous.
 */
export async function getViewer(): Promise<Viewer | null> {
  return null;
}
