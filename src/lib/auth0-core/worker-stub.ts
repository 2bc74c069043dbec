/** The SDK's token worker serves only an in-memory cache; the portal keeps tokens in local storage. */
export default class TokenWorker {
  constructor() {
    throw new Error("The Auth0 token worker is not part of the portal's build (tokens live in local storage)");
  }
}
