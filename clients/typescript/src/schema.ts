/**
 * Types of the agwx API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run `npm run client:generate` after changing a route's schema.
 */

export interface paths {
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token (client credentials grant)
         * @description Any number of tokens may be requested, and tokens overlap. Failed attempts (wrong secret, unknown key, missing or malformed credentials) are limited to 10 a minute for one key from one client address and 30 a minute from one client address; past that every attempt of that key from that address (or from that address) is answered 429 with Retry-After until the minute ends. Failures from other addresses never hold back the right secret.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        grant_type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "Bearer";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status?: string;
                            checks?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database reachable and migrated; Redis reachable when configured */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status?: string;
                            checks?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List fields */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 120
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order; one or more of name, farmid, acres, latitude, longitude, separated by commas
                     * @example farmid,-name
                     */
                    sort?: string;
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fields?: {
                                name?: string | null;
                                acres?: number | null;
                                centerPoint?: {
                                    latitude: number;
                                    longitude: number;
                                };
                                farmId?: string;
                                id?: string;
                                _links?: {
                                    self: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a field */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 to 50 letters, digits, underscores or dashes */
                        id: string;
                        /** @description null or 1 to 255 letters, digits, underscores or dashes */
                        name?: string | null;
                        /** @description 1 to 50 letters, digits, underscores or dashes */
                        farmId: string;
                        /** @description null or a number of at least 0 */
                        acres?: number | null;
                        centerPoint: {
                            /** @description a number from -90 to 90 */
                            latitude: number;
                            /** @description a number from -180 to 180 */
                            longitude: number;
                        };
                        _links?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name?: string | null;
                            acres?: number | null;
                            centerPoint?: {
                                latitude: number;
                                longitude: number;
                            };
                            farmId?: string;
                            id?: string;
                            _links?: {
                                self: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fields/{fieldId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a field */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name?: string | null;
                            acres?: number | null;
                            centerPoint?: {
                                latitude: number;
                                longitude: number;
                            };
                            farmId?: string;
                            id?: string;
                            _links?: {
                                self: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a field */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a field (JSON-Patch test/replace on /name and /farmId) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            /** @description a JSON-Patch array of at least one command */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description one of test, replace
                         * @enum {string}
                         */
                        op: "test" | "replace";
                        /**
                         * @description one of /name, /farmId (only these can be changed)
                         * @enum {string}
                         */
                        path: "/name" | "/farmId";
                        value: unknown;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name?: string | null;
                            acres?: number | null;
                            centerPoint?: {
                                latitude: number;
                                longitude: number;
                            };
                            farmId?: string;
                            id?: string;
                            _links?: {
                                self: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v2/agronomics/plantings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the plantings of every field, historical ones included */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 120
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -id
                     */
                    sort?: "id" | "-id" | "crop" | "-crop" | "field" | "-field" | "plantingDate" | "-plantingDate" | "harvestDate" | "-harvestDate";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /** @description a crop id */
                    crop?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plantings?: {
                                id?: number;
                                crop?: string;
                                field?: string;
                                plantingDate?: string;
                                projections?: {
                                    yield?: {
                                        amount?: number | null;
                                        units?: string | null;
                                    };
                                    harvestDate?: string | null;
                                };
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:crop"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a planting for the field named in the body */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a crop id or a crop name such as corn */
                        crop: string;
                        /** @description a date written YYYY-MM-DD */
                        plantingDate: string;
                        /** @description null or an object with yield and harvestDate */
                        projections?: {
                            /** @description null or an object with amount and units */
                            yield?: {
                                /** @description null or a number of at least 0 */
                                amount?: number | null;
                                /** @description null or a unit label of 1 to 100 characters */
                                units?: string | null;
                            } | null;
                            /** @description a date written YYYY-MM-DD */
                            harvestDate?: string | null;
                        } | null;
                        /** @description null or an object with amount and units */
                        yield?: {
                            /** @description null or a number of at least 0 */
                            amount?: number | null;
                            /** @description null or a unit label of 1 to 100 characters */
                            units?: string | null;
                        } | null;
                        /** @description a date written YYYY-MM-DD */
                        harvestDate?: string | null;
                        /** @description the planting id as issued (a whole number from 1 to 2147483647) */
                        id?: number;
                        _links?: unknown;
                        /** @description the id of the field */
                        field: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/plantings/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the current planting of every field */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 120
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -id
                     */
                    sort?: "id" | "-id" | "crop" | "-crop" | "field" | "-field" | "plantingDate" | "-plantingDate" | "harvestDate" | "-harvestDate";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /** @description a crop id */
                    crop?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plantings?: {
                                id?: number;
                                crop?: string;
                                field?: string;
                                plantingDate?: string;
                                projections?: {
                                    yield?: {
                                        amount?: number | null;
                                        units?: string | null;
                                    };
                                    harvestDate?: string | null;
                                };
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:crop"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/plantings/{plantingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a planting */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a field's plantings, historical ones included */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 120
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -id
                     */
                    sort?: "id" | "-id" | "crop" | "-crop" | "field" | "-field" | "plantingDate" | "-plantingDate" | "harvestDate" | "-harvestDate";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /** @description a crop id */
                    crop?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plantings?: {
                                id?: number;
                                crop?: string;
                                field?: string;
                                plantingDate?: string;
                                projections?: {
                                    yield?: {
                                        amount?: number | null;
                                        units?: string | null;
                                    };
                                    harvestDate?: string | null;
                                };
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:crop"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a planting; it becomes the current one of the field */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a crop id or a crop name such as corn */
                        crop: string;
                        /** @description a date written YYYY-MM-DD */
                        plantingDate: string;
                        /** @description null or an object with yield and harvestDate */
                        projections?: {
                            /** @description null or an object with amount and units */
                            yield?: {
                                /** @description null or a number of at least 0 */
                                amount?: number | null;
                                /** @description null or a unit label of 1 to 100 characters */
                                units?: string | null;
                            } | null;
                            /** @description a date written YYYY-MM-DD */
                            harvestDate?: string | null;
                        } | null;
                        /** @description null or an object with amount and units */
                        yield?: {
                            /** @description null or a number of at least 0 */
                            amount?: number | null;
                            /** @description null or a unit label of 1 to 100 characters */
                            units?: string | null;
                        } | null;
                        /** @description a date written YYYY-MM-DD */
                        harvestDate?: string | null;
                        /** @description the planting id as issued (a whole number from 1 to 2147483647) */
                        id?: number;
                        _links?: unknown;
                        /** @description the field id */
                        field?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a field's planting (or its current one) */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Replace a planting (absent properties become null) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a crop id or a crop name such as corn */
                        crop: string;
                        /** @description a date written YYYY-MM-DD */
                        plantingDate: string;
                        /** @description null or an object with yield and harvestDate */
                        projections?: {
                            /** @description null or an object with amount and units */
                            yield?: {
                                /** @description null or a number of at least 0 */
                                amount?: number | null;
                                /** @description null or a unit label of 1 to 100 characters */
                                units?: string | null;
                            } | null;
                            /** @description a date written YYYY-MM-DD */
                            harvestDate?: string | null;
                        } | null;
                        /** @description null or an object with amount and units */
                        yield?: {
                            /** @description null or a number of at least 0 */
                            amount?: number | null;
                            /** @description null or a unit label of 1 to 100 characters */
                            units?: string | null;
                        } | null;
                        /** @description a date written YYYY-MM-DD */
                        harvestDate?: string | null;
                        /** @description the planting id as issued (a whole number from 1 to 2147483647) */
                        id?: number;
                        _links?: unknown;
                        /** @description the field id */
                        field?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a planting */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a planting (JSON-Patch test/replace) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                };
                cookie?: never;
            };
            /** @description a JSON-Patch array of at least one command */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description one of test, replace
                         * @enum {string}
                         */
                        op: "test" | "replace";
                        /**
                         * @description one of /crop, /plantingDate, /harvestDate, /projections/yield/amount, /projections/yield/units, /projections/harvestDate, /yield/amount, /yield/units (only these can be changed)
                         * @enum {string}
                         */
                        path: "/crop" | "/plantingDate" | "/harvestDate" | "/projections/yield/amount" | "/projections/yield/units" | "/projections/harvestDate" | "/yield/amount" | "/yield/units";
                        value: unknown;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: number;
                            crop?: string;
                            field?: string;
                            plantingDate?: string;
                            projections?: {
                                yield?: {
                                    amount?: number | null;
                                    units?: string | null;
                                };
                                harvestDate?: string | null;
                            };
                            yield?: {
                                amount?: number | null;
                                units?: string | null;
                            };
                            harvestDate?: string | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:crop"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v2/agronomics/crops": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List crops */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order; one or more of id, name, type, variety, separated by commas
                     * @example name,-id
                     */
                    sort?: string;
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /** @description a crop name, such as corn */
                    crop?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            crops?: {
                                id?: string;
                                name?: string;
                                type?: string | null;
                                variety?: string | null;
                                isDefaultForCrop?: boolean;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:plantings"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/crops/{cropId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a crop */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    cropId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: string;
                            name?: string;
                            type?: string | null;
                            variety?: string | null;
                            isDefaultForCrop?: boolean;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:plantings"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List growth-stage models */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 120
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order; one or more of name, type, separated by commas
                     * @example type,-name
                     */
                    sort?: string;
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /** @description a crop name: models for any crop record of that name */
                    crop?: string;
                    /** @description a crop id: models for that crop record */
                    cropId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            models?: {
                                id?: string;
                                name?: string;
                                description?: string;
                                type?: string;
                                source?: {
                                    name?: string;
                                    link?: string | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:crop"?: {
                                        href: string;
                                    }[];
                                    "svc:modelDetails"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/models/{modelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a growth-stage model */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: string;
                            name?: string;
                            description?: string;
                            type?: string;
                            source?: {
                                name?: string;
                                link?: string | null;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:crop"?: {
                                    href: string;
                                }[];
                                "svc:modelDetails"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/models/{modelId}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the GDD method and stage thresholds of a growth-stage model */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            biofix?: number;
                            gddMethod?: string;
                            gddBaseTemp?: number;
                            gddMaxBoundary?: number | null;
                            gddMinBoundary?: number | null;
                            gddUnits?: string;
                            stages?: {
                                id?: string;
                                stage?: string | null;
                                description?: string;
                                gddThreshold?: number;
                                gddUnits?: string;
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:model"?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/models/{modelId}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Run a growth-stage model on the field's current planting */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            modelId?: string;
                            location?: {
                                latitude: number;
                                longitude: number;
                                fieldId: string;
                            };
                            plantingDate?: string;
                            biofixDate?: string;
                            gddUnits?: string;
                            previousStages?: {
                                date?: string;
                                id?: string;
                                stage?: string | null;
                                description?: string;
                                gddThreshold?: number;
                            }[];
                            currentStage?: {
                                date?: string;
                                id?: string;
                                stage?: string | null;
                                description?: string;
                                gddThreshold?: number;
                                accumulatedGdds?: number;
                            } | null;
                            nextStage?: {
                                id?: string;
                                stage?: string | null;
                                description?: string;
                                gddThreshold?: number;
                                gddRemaining?: number;
                                /**
                                 * Format: date
                                 * @description Expected date the stage is reached: GDD accumulated through yesterday, then the forecast days (today to today + 7), then the mean daily GDD norms of the place. Null when not reached within 365 days from today, after the end of the season (366 days from the biofix date) or after the harvest date, or when the planting is already harvested.
                                 */
                                predictedDate?: string | null;
                                /**
                                 * Format: date
                                 * @description Early end of the range: the central total beyond the forecast raised by one standard deviation across the norm years of the GDD accumulated over the norm days. Null as for predictedDate.
                                 */
                                predictedDateEarly?: string | null;
                                /**
                                 * Format: date
                                 * @description Late end of the range: the central total beyond the forecast lowered by that standard deviation. Null as for predictedDate.
                                 */
                                predictedDateLate?: string | null;
                                /**
                                 * @description Where predictedDate fell: on a forecast day or beyond the forecast, on the norms. Null when predictedDate is null.
                                 * @enum {string|null}
                                 */
                                predictionBasis?: "forecast" | "norms" | null;
                            } | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                                "svc:model"?: {
                                    href: string;
                                };
                            };
                            /** @description Every stage not yet reached, the next stage first, with its predicted dates; empty when every stage is reached. */
                            predictedStages?: {
                                id?: string;
                                stage?: string | null;
                                description?: string;
                                gddThreshold?: number;
                                gddRemaining?: number;
                                /**
                                 * Format: date
                                 * @description Expected date the stage is reached: GDD accumulated through yesterday, then the forecast days (today to today + 7), then the mean daily GDD norms of the place. Null when not reached within 365 days from today, after the end of the season (366 days from the biofix date) or after the harvest date, or when the planting is already harvested.
                                 */
                                predictedDate?: string | null;
                                /**
                                 * Format: date
                                 * @description Early end of the range: the central total beyond the forecast raised by one standard deviation across the norm years of the GDD accumulated over the norm days. Null as for predictedDate.
                                 */
                                predictedDateEarly?: string | null;
                                /**
                                 * Format: date
                                 * @description Late end of the range: the central total beyond the forecast lowered by that standard deviation. Null as for predictedDate.
                                 */
                                predictedDateLate?: string | null;
                                /**
                                 * @description Where predictedDate fell: on a forecast day or beyond the forecast, on the norms. Null when predictedDate is null.
                                 * @enum {string|null}
                                 */
                                predictionBasis?: "forecast" | "norms" | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List growth-stage models (deprecated: use /v2/agronomics/models)
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    /** @description one crop: barley, canola, cotton, oat, sugarbeet, sunflower, wheat or corn */
                    crop?: string;
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            models?: {
                                id?: string;
                                name?: string;
                                type?: string;
                                crop?: string;
                                cropVariety?: string | null;
                                source?: {
                                    name?: string;
                                    link?: string | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{modelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a growth-stage model (deprecated: use /v2/agronomics/models/{modelId})
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    crop?: string;
                    /** @description comma-separated properties to include */
                    properties?: string;
                };
                header?: never;
                path: {
                    modelId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id?: string;
                            name?: string;
                            type?: string;
                            crop?: string;
                            cropVariety?: string | null;
                            source?: {
                                name?: string;
                                link?: string | null;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a batch job (bundled GET requests)
         * @description The requests run in the background as the API key that queued the job, with its map and rate limits (each bundled request takes one from the key's sustained rate as it runs). Only paths under /v2/ run, and none under /v2/jobs. An account may have a limited number of requests in its queued and running jobs: 429 with Retry-After beyond it. Results have a budget of bytes per job and per account: an answer that does not fit is kept as a 413 error result, and an account whose stored results fill its budget cannot queue a job (413). Accounts take turns on the job workers.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a text of at most 255 characters */
                        title: string;
                        /**
                         * @description batch (the only job type)
                         * @enum {string}
                         */
                        type: "batch";
                        /** @description an array of 1 to 10000 requests (1500 when any is agronomic) */
                        requests: {
                            /** @description null or at most 255 characters */
                            title?: string | null;
                            /** @description 'GET /v2/…' (the verb, one space, the URI with any query string; at most 2048 characters) */
                            api: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId?: number;
                            /** @enum {string} */
                            jobStatus?: "queued" | "done" | "cancelled" | "purged";
                            title?: string;
                            type?: string;
                            dateRequested?: string;
                            queuePosition?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a batch job (results when done) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            jobStatus?: "queued" | "done" | "cancelled" | "purged";
                            jobId?: number;
                            title?: string;
                            type?: string;
                            dateRequested?: string;
                            queuePosition?: number;
                            results?: {
                                title?: string | null;
                                api?: string;
                                httpStatus?: string;
                                payload?: unknown;
                                /** @description the request's X-Data-Source: the sources of its numbers; null when it named none */
                                dataSource?: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Cancel a queued or running job, or purge a done one */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            jobStatus?: "queued" | "done" | "cancelled" | "purged";
                            jobId?: number;
                            title?: string;
                            type?: string;
                            dateRequested?: string;
                            queuePosition?: number;
                            results?: {
                                title?: string | null;
                                api?: string;
                                httpStatus?: string;
                                payload?: unknown;
                                /** @description the request's X-Data-Source: the sources of its numbers; null when it named none */
                                dataSource?: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Observed weather of a field: the last 7 days */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            observations?: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                temperatures?: {
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    morningMax?: number | null;
                                    dayMax?: number | null;
                                    average?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/observations/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Observed weather of a field: one date or {startDate},{endDate} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the observations list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            observations: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                temperatures?: {
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    morningMax?: number | null;
                                    dayMax?: number | null;
                                    average?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            temperatures?: {
                                max?: number | null;
                                min?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            solar?: {
                                amount?: number | null;
                                units?: string;
                            };
                            relativeHumidity?: {
                                max?: number | null;
                                min?: number | null;
                            };
                            wind?: {
                                morningMax?: number | null;
                                dayMax?: number | null;
                                average?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Observed weather at a latitude/longitude: the last 7 days */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            observations?: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                temperatures?: {
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    morningMax?: number | null;
                                    dayMax?: number | null;
                                    average?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/observations/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Observed weather at a latitude/longitude: one date or {startDate},{endDate} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the observations list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            observations: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                temperatures?: {
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    morningMax?: number | null;
                                    dayMax?: number | null;
                                    average?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            temperatures?: {
                                max?: number | null;
                                min?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            solar?: {
                                amount?: number | null;
                                units?: string;
                            };
                            relativeHumidity?: {
                                max?: number | null;
                                min?: number | null;
                            };
                            wind?: {
                                morningMax?: number | null;
                                dayMax?: number | null;
                                average?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/forecasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Forecast of a field: today plus 7 days */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 7
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description one of 1, 2, 3, 4, 6, 8, 12, 24 (hours per block; default 1)
                     * @example 3
                     */
                    blockSize?: 1 | 2 | 3 | 4 | 6 | 8 | 12 | 24;
                    /**
                     * @description basic or standard (default)
                     * @example basic
                     */
                    conditionsType?: "basic" | "standard";
                    /**
                     * @description true: block times in the time zone of the field or location (utcOffset ignored); false (default)
                     * @example true
                     */
                    useLocalTime?: boolean;
                    /**
                     * @description offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)
                     * @example -05:00
                     */
                    utcOffset?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            forecasts?: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                forecast?: {
                                    startTime?: string;
                                    endTime?: string;
                                    conditionsCode?: string;
                                    conditionsText?: string;
                                    temperatures?: {
                                        /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                        value?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    precipitation?: {
                                        chance?: number | null;
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    sky?: {
                                        cloudCover?: number | null;
                                        sunshine?: number | null;
                                    };
                                    solar?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    relativeHumidity?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    };
                                    wind?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    dewPoint?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    soilTemperatures?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    }[];
                                    soilMoisture?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    }[];
                                }[];
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/forecasts/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Forecast of a field: one date or {startDate},{endDate} (today to 7 days ahead) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 7
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description one of 1, 2, 3, 4, 6, 8, 12, 24 (hours per block; default 1)
                     * @example 3
                     */
                    blockSize?: 1 | 2 | 3 | 4 | 6 | 8 | 12 | 24;
                    /**
                     * @description basic or standard (default)
                     * @example basic
                     */
                    conditionsType?: "basic" | "standard";
                    /**
                     * @description true: block times in the time zone of the field or location (utcOffset ignored); false (default)
                     * @example true
                     */
                    useLocalTime?: boolean;
                    /**
                     * @description offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)
                     * @example -05:00
                     */
                    utcOffset?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the forecasts list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            forecasts: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                forecast?: {
                                    startTime?: string;
                                    endTime?: string;
                                    conditionsCode?: string;
                                    conditionsText?: string;
                                    temperatures?: {
                                        /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                        value?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    precipitation?: {
                                        chance?: number | null;
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    sky?: {
                                        cloudCover?: number | null;
                                        sunshine?: number | null;
                                    };
                                    solar?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    relativeHumidity?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    };
                                    wind?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    dewPoint?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    soilTemperatures?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    }[];
                                    soilMoisture?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    }[];
                                }[];
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            forecast?: {
                                startTime?: string;
                                endTime?: string;
                                conditionsCode?: string;
                                conditionsText?: string;
                                temperatures?: {
                                    /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                    value?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    chance?: number | null;
                                    amount?: number | null;
                                    units?: string;
                                };
                                sky?: {
                                    cloudCover?: number | null;
                                    sunshine?: number | null;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                dewPoint?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                soilTemperatures?: {
                                    depth?: string;
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                }[];
                                soilMoisture?: {
                                    depth?: string;
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                }[];
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/forecasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Forecast at a latitude/longitude: today plus 7 days */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 7
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description one of 1, 2, 3, 4, 6, 8, 12, 24 (hours per block; default 1)
                     * @example 3
                     */
                    blockSize?: 1 | 2 | 3 | 4 | 6 | 8 | 12 | 24;
                    /**
                     * @description basic or standard (default)
                     * @example basic
                     */
                    conditionsType?: "basic" | "standard";
                    /**
                     * @description true: block times in the time zone of the field or location (utcOffset ignored); false (default)
                     * @example true
                     */
                    useLocalTime?: boolean;
                    /**
                     * @description offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)
                     * @example -05:00
                     */
                    utcOffset?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            forecasts?: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                forecast?: {
                                    startTime?: string;
                                    endTime?: string;
                                    conditionsCode?: string;
                                    conditionsText?: string;
                                    temperatures?: {
                                        /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                        value?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    precipitation?: {
                                        chance?: number | null;
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    sky?: {
                                        cloudCover?: number | null;
                                        sunshine?: number | null;
                                    };
                                    solar?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    relativeHumidity?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    };
                                    wind?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    dewPoint?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    soilTemperatures?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    }[];
                                    soilMoisture?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    }[];
                                }[];
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/forecasts/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Forecast at a latitude/longitude: one date or {startDate},{endDate} (today to 7 days ahead) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 7
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description one of 1, 2, 3, 4, 6, 8, 12, 24 (hours per block; default 1)
                     * @example 3
                     */
                    blockSize?: 1 | 2 | 3 | 4 | 6 | 8 | 12 | 24;
                    /**
                     * @description basic or standard (default)
                     * @example basic
                     */
                    conditionsType?: "basic" | "standard";
                    /**
                     * @description true: block times in the time zone of the field or location (utcOffset ignored); false (default)
                     * @example true
                     */
                    useLocalTime?: boolean;
                    /**
                     * @description offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)
                     * @example -05:00
                     */
                    utcOffset?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the forecasts list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            forecasts: {
                                date?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                forecast?: {
                                    startTime?: string;
                                    endTime?: string;
                                    conditionsCode?: string;
                                    conditionsText?: string;
                                    temperatures?: {
                                        /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                        value?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    precipitation?: {
                                        chance?: number | null;
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    sky?: {
                                        cloudCover?: number | null;
                                        sunshine?: number | null;
                                    };
                                    solar?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    relativeHumidity?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    };
                                    wind?: {
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    };
                                    dewPoint?: {
                                        amount?: number | null;
                                        units?: string;
                                    };
                                    soilTemperatures?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                        units?: string;
                                    }[];
                                    soilMoisture?: {
                                        depth?: string;
                                        average?: number | null;
                                        max?: number | null;
                                        min?: number | null;
                                    }[];
                                }[];
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            forecast?: {
                                startTime?: string;
                                endTime?: string;
                                conditionsCode?: string;
                                conditionsText?: string;
                                temperatures?: {
                                    /** @description the hour temperature; block size 1 only, absent (not null) on larger blocks */
                                    value?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    chance?: number | null;
                                    amount?: number | null;
                                    units?: string;
                                };
                                sky?: {
                                    cloudCover?: number | null;
                                    sunshine?: number | null;
                                };
                                solar?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                relativeHumidity?: {
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                };
                                wind?: {
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                };
                                dewPoint?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                soilTemperatures?: {
                                    depth?: string;
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                    units?: string;
                                }[];
                                soilMoisture?: {
                                    depth?: string;
                                    average?: number | null;
                                    max?: number | null;
                                    min?: number | null;
                                }[];
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/norms/{days}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather norms of a field over the previous 10 years */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the norms list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            norms: {
                                day?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                meanTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                maxTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                maxHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                dailyMaxWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                averageWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            meanTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            maxTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            solar?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            maxHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            dailyMaxWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            averageWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/norms/{days}/years/{years}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather norms of a field over {startYear},{endYear} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                    /**
                     * @description {startYear},{endYear}: four-digit years, inclusive; at least 3 and at most 50 years, the last one over, none before the first year the weather source holds at the place
                     * @example 2014,2023
                     */
                    years: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the norms list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            norms: {
                                day?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                meanTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                maxTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                maxHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                dailyMaxWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                averageWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            meanTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            maxTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            solar?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            maxHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            dailyMaxWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            averageWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/norms/{days}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather norms at a latitude/longitude over the previous 10 years */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the norms list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            norms: {
                                day?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                meanTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                maxTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                maxHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                dailyMaxWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                averageWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            meanTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            maxTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            solar?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            maxHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            dailyMaxWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            averageWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/norms/{days}/years/{years}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather norms at a latitude/longitude over {startYear},{endYear} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description page size (a whole number): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description number of results to skip (a whole number): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description property to sort by; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                    /**
                     * @description {startYear},{endYear}: four-digit years, inclusive; at least 3 and at most 50 years, the last one over, none before the first year the weather source holds at the place
                     * @example 2014,2023
                     */
                    years: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the norms list for a range; the single object for one date or day */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            norms: {
                                day?: string;
                                location?: {
                                    latitude?: number;
                                    longitude?: number;
                                    fieldId?: string;
                                };
                                meanTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                maxTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minTemp?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                solar?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                minHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                maxHumidity?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                dailyMaxWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                averageWind?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            meanTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            maxTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minTemp?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            precipitation?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            solar?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            minHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            maxHumidity?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            dailyMaxWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            averageWind?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/fields/{fieldId}/exports/{format}/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather file of a field for a crop model (DSSAT .WTH or APSIM .met) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description DSSAT only: `yyddd` (default, every DSSAT version) or `yyyyddd` (DSSAT 4.8)
                     * @example yyyyddd
                     */
                    dateFormat?: "yyddd" | "yyyyddd";
                    /**
                     * @description DSSAT only: the station code, 4 letters or digits (default `AGWX`); it also names the file
                     * @example IAAM
                     */
                    insi?: string;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description `dssat` (or `wth`): DSSAT weather file; `apsim` (or `met`): APSIM weather file
                     * @example dssat
                     */
                    format: "dssat" | "wth" | "apsim" | "met";
                    /**
                     * @description {startDate},{endDate} (YYYY-MM-DD, inclusive), or one date
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The weather file (an attachment); `X-Data-Source` names the source of its numbers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/weather/locations/{coordinates}/exports/{format}/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weather file at a latitude/longitude for a crop model (DSSAT .WTH or APSIM .met) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description DSSAT only: `yyddd` (default, every DSSAT version) or `yyyyddd` (DSSAT 4.8)
                     * @example yyyyddd
                     */
                    dateFormat?: "yyddd" | "yyyyddd";
                    /**
                     * @description DSSAT only: the station code, 4 letters or digits (default `AGWX`); it also names the file
                     * @example IAAM
                     */
                    insi?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description `dssat` (or `wth`): DSSAT weather file; `apsim` (or `met`): APSIM weather file
                     * @example dssat
                     */
                    format: "dssat" | "wth" | "apsim" | "met";
                    /**
                     * @description {startDate},{endDate} (YYYY-MM-DD, inclusive), or one date
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The weather file (an attachment); `X-Data-Source` names the source of its numbers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicvalues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic values of a field from its current planting's date through yesterday */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description YYYY-MM-DD, on or before the start date, from one year before today through yesterday
                     * @example 2024-04-15
                     */
                    accumulationStartDate?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            accumulations?: {
                                gdd?: number | null;
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                            };
                            dailyValues?: {
                                date?: string;
                                gdd?: number | null;
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                                accumulatedGdd?: number | null;
                                accumulatedPrecipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: number | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic values of a field: one date or {startDate},{endDate} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description YYYY-MM-DD, on or before the start date, from one year before today through yesterday
                     * @example 2024-04-15
                     */
                    accumulationStartDate?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            accumulations?: {
                                gdd?: number | null;
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                            };
                            dailyValues?: {
                                date?: string;
                                gdd?: number | null;
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                                accumulatedGdd?: number | null;
                                accumulatedPrecipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: number | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: number | null;
                            pet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            ppet?: number | null;
                            accumulatedGdd?: number | null;
                            accumulatedPrecipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPpet?: number | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/locations/{coordinates}/agronomicvalues/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic values at a latitude/longitude: one date or {startDate},{endDate} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -date
                     */
                    sort?: "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description YYYY-MM-DD, on or before the start date, from one year before today through yesterday
                     * @example 2024-04-15
                     */
                    accumulationStartDate?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            accumulations?: {
                                gdd?: number | null;
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                            };
                            dailyValues?: {
                                date?: string;
                                gdd?: number | null;
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                                accumulatedGdd?: number | null;
                                accumulatedPrecipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: number | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            date?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: number | null;
                            pet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            ppet?: number | null;
                            accumulatedGdd?: number | null;
                            accumulatedPrecipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPpet?: number | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicnorms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic norms of a field's planting season so far, over the previous 10 years */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                            };
                            dailyNorms?: {
                                day?: string;
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedGdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedPrecipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicnorms/years/{years}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic norms of a field's planting season so far, over {startYear},{endYear} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description {startYear},{endYear}: four-digit years, inclusive; at least 3 and at most 50 years, the last one over, none before the first year the weather source holds at the place
                     * @example 2014,2023
                     */
                    years: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                            };
                            dailyNorms?: {
                                day?: string;
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedGdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedPrecipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicnorms/{days}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic norms of a field over the previous 10 years */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                            };
                            dailyNorms?: {
                                day?: string;
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedGdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedPrecipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            pet?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            ppet?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/agronomicnorms/{days}/years/{years}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic norms of a field over {startYear},{endYear} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                    /**
                     * @description {startYear},{endYear}: four-digit years, inclusive; at least 3 and at most 50 years, the last one over, none before the first year the weather source holds at the place
                     * @example 2014,2023
                     */
                    years: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                precipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                            };
                            dailyNorms?: {
                                day?: string;
                                gdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                pet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                ppet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedGdd?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                accumulatedPrecipitation?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: {
                                    average?: number | null;
                                    stdDev?: number | null;
                                };
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            pet?: {
                                average?: number | null;
                                stdDev?: number | null;
                                units?: string;
                            };
                            ppet?: {
                                average?: number | null;
                                stdDev?: number | null;
                            };
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/locations/{coordinates}/agronomicnorms/{days}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic averages at a latitude/longitude over the previous 10 years */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: number | null;
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                            };
                            dailyAverages?: {
                                day?: string;
                                gdd?: number | null;
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                                accumulatedGdd?: number | null;
                                accumulatedPrecipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: number | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: number | null;
                            pet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            ppet?: number | null;
                            accumulatedGdd?: number | null;
                            accumulatedPrecipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPpet?: number | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/locations/{coordinates}/agronomicnorms/{days}/years/{years}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agronomic averages at a latitude/longitude over {startYear},{endYear} */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description daily entries per page (multi-day requests): 1 to 10 (120 for enterprise accounts)
                     * @example 5
                     */
                    limit?: number;
                    /**
                     * @description daily entries skipped (multi-day requests): 0 (default) to 2147483647
                     * @example 0
                     */
                    offset?: number;
                    /**
                     * @description date order of the daily entries; prefix with - for descending order
                     * @example -day
                     */
                    sort?: "day" | "-day" | "date" | "-date";
                    /** @description comma-separated properties to include */
                    properties?: string;
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                    /**
                     * @description MM-DD, at most one year before the start day
                     * @example 03-01
                     */
                    accumulationStartDay?: string;
                    /**
                     * @description comma-separated four-digit years (season start years) left out of the averages
                     * @example 2012,2019
                     */
                    excludeYears?: string;
                    /**
                     * @description standard (default), modifiedstandard, min-temp-cap or min-temp-constant
                     * @example modifiedstandard
                     */
                    gddMethod?: "standard" | "modifiedstandard" | "min-temp-cap" | "min-temp-constant";
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddBaseTemp?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 10
                     */
                    gddMinBoundary?: number;
                    /**
                     * @description integer, °C under metric, °F under usa
                     * @example 30
                     */
                    gddMaxBoundary?: number;
                };
                header?: never;
                path: {
                    /**
                     * @description {latitude},{longitude} in decimal degrees
                     * @example 41.99,-93.62
                     */
                    coordinates: string;
                    /**
                     * @description MM-DD or {startDay},{endDay}
                     * @example 06-01,06-30
                     */
                    days: string;
                    /**
                     * @description {startYear},{endYear}: four-digit years, inclusive; at least 3 and at most 50 years, the last one over, none before the first year the weather source holds at the place
                     * @example 2014,2023
                     */
                    years: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            averageAccumulations?: {
                                gdd?: number | null;
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                            };
                            dailyAverages?: {
                                day?: string;
                                gdd?: number | null;
                                pet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                ppet?: number | null;
                                accumulatedGdd?: number | null;
                                accumulatedPrecipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPet?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                accumulatedPpet?: number | null;
                                _links?: {
                                    self?: {
                                        href: string;
                                    };
                                    next?: {
                                        href: string;
                                    };
                                    prev?: {
                                        href: string;
                                    };
                                    curies?: {
                                        name: string;
                                        href: string;
                                        templated: boolean;
                                    }[];
                                    "svc:field"?: {
                                        href: string;
                                    };
                                    "svc:planting"?: {
                                        href: string;
                                    };
                                };
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        } | {
                            day?: string;
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            gdd?: number | null;
                            pet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            ppet?: number | null;
                            accumulatedGdd?: number | null;
                            accumulatedPrecipitation?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPet?: {
                                amount?: number | null;
                                units?: string;
                            };
                            accumulatedPpet?: number | null;
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/waterbalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A planting's daily water balance (FAO-56 dual crop coefficient) from its planting date through the forecast, with irrigation advice */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description a planting id of the field, or 'current' (the field's most recently created planting)
                     * @example current
                     */
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            totals?: {
                                referenceEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                cropEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                actualEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                transpiration?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                evaporation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                irrigation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                runoff?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                deepPercolation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                finalDepletion?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                            };
                            irrigationAdvice?: {
                                date?: string | null;
                                depth?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                basis?: string | null;
                            };
                            dailyWaterBalance?: {
                                date?: string;
                                referenceEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                basalCropCoefficient?: number | null;
                                evaporationCoefficient?: number | null;
                                cropCoefficient?: number | null;
                                waterStressCoefficient?: number | null;
                                cropEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                actualEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                transpiration?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                evaporation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                rootDepth?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                totalAvailableWater?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                readilyAvailableWater?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                depletion?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                irrigation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                runoff?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                deepPercolation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                source?: string;
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                                "svc:waterBalanceParameters"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/waterbalance/{dates}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A planting's daily water balance on a date or {startDate},{endDate} (from its planting date to today + 7), with irrigation advice */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    /**
                     * @description a planting id of the field, or 'current' (the field's most recently created planting)
                     * @example current
                     */
                    plantingId: string;
                    /**
                     * @description YYYY-MM-DD, or {startDate},{endDate}
                     * @example 2024-06-01,2024-06-07
                     */
                    dates: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            location?: {
                                latitude?: number;
                                longitude?: number;
                                fieldId?: string;
                            };
                            totals?: {
                                referenceEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                cropEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                actualEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                transpiration?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                evaporation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                irrigation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                runoff?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                deepPercolation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                finalDepletion?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                            };
                            irrigationAdvice?: {
                                date?: string | null;
                                depth?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                basis?: string | null;
                            };
                            dailyWaterBalance?: {
                                date?: string;
                                referenceEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                basalCropCoefficient?: number | null;
                                evaporationCoefficient?: number | null;
                                cropCoefficient?: number | null;
                                waterStressCoefficient?: number | null;
                                cropEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                actualEt?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                transpiration?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                evaporation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                rootDepth?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                totalAvailableWater?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                readilyAvailableWater?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                depletion?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                precipitation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                irrigation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                runoff?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                deepPercolation?: {
                                    amount?: number | null;
                                    units?: string;
                                };
                                source?: string;
                            }[];
                            _links?: {
                                self?: {
                                    href: string;
                                };
                                next?: {
                                    href: string;
                                };
                                prev?: {
                                    href: string;
                                };
                                curies?: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:field"?: {
                                    href: string;
                                };
                                "svc:planting"?: {
                                    href: string;
                                };
                                "svc:waterBalanceParameters"?: {
                                    href: string;
                                };
                            };
                        };
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/waterbalance/parameters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A planting's water-balance parameters, and which are defaults */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    /** @description a planting id of the field, or 'current' */
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            crop: {
                                /** @description Kcb ini (FAO-56 Table 17) */
                                kcbInitial: number;
                                /** @description Kcb mid (Table 17) */
                                kcbMid: number;
                                /** @description Kcb end (Table 17) */
                                kcbEnd: number;
                                /** @description FAO-56 stage lengths, days (Table 11) */
                                stageLengths: {
                                    initial: number;
                                    development: number;
                                    mid: number;
                                    late: number;
                                };
                                /** @description crop height at planting, m */
                                heightInitial: number;
                                /** @description maximum crop height, m (Table 12) */
                                heightMax: number;
                                /** @description effective rooting depth at planting, m */
                                rootDepthInitial: number;
                                /** @description maximum effective rooting depth, m (Table 22) */
                                rootDepthMax: number;
                                /** @description p, soil water depletion fraction for no stress (Table 22) */
                                depletionFraction: number;
                            };
                            soil: {
                                /** @description θFC, m³/m³ (Table 19) */
                                fieldCapacity: number;
                                /** @description θWP, m³/m³ (Table 19) */
                                wiltingPoint: number;
                                /** @description θ of the root zone on the planting date, m³/m³ */
                                initialWaterContent: number;
                                /** @description Ze, m (0.10–0.15) */
                                evaporationLayerDepth: number;
                                /** @description REW, mm (Table 19) */
                                readilyEvaporableWater: number;
                                /** @description CN2 for runoff (SCS), or null: no runoff */
                                curveNumber: number | null;
                            };
                            /** @description JSON Pointers of the values that are defaults (the planting's crop's, the default soil's) */
                            defaults: string[];
                            _links: {
                                self: {
                                    href: string;
                                };
                                curies: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:planting": {
                                    href: string;
                                };
                                "svc:waterBalance": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Set a planting's water-balance parameters (what is left out is its default) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    /** @description a planting id of the field, or 'current' */
                    plantingId: string;
                };
                cookie?: never;
            };
            /** @description The values the planting sets; every value left out is its default */
            requestBody: {
                content: {
                    "application/json": {
                        crop?: {
                            /** @description Kcb ini (FAO-56 Table 17) */
                            kcbInitial?: number;
                            /** @description Kcb mid (Table 17) */
                            kcbMid?: number;
                            /** @description Kcb end (Table 17) */
                            kcbEnd?: number;
                            /** @description FAO-56 stage lengths, days (Table 11) */
                            stageLengths?: {
                                initial: number;
                                development: number;
                                mid: number;
                                late: number;
                            };
                            /** @description crop height at planting, m */
                            heightInitial?: number;
                            /** @description maximum crop height, m (Table 12) */
                            heightMax?: number;
                            /** @description effective rooting depth at planting, m */
                            rootDepthInitial?: number;
                            /** @description maximum effective rooting depth, m (Table 22) */
                            rootDepthMax?: number;
                            /** @description p, soil water depletion fraction for no stress (Table 22) */
                            depletionFraction?: number;
                        };
                        soil?: {
                            /** @description θFC, m³/m³ (Table 19) */
                            fieldCapacity?: number;
                            /** @description θWP, m³/m³ (Table 19) */
                            wiltingPoint?: number;
                            /** @description θ of the root zone on the planting date, m³/m³ */
                            initialWaterContent?: number;
                            /** @description Ze, m (0.10–0.15) */
                            evaporationLayerDepth?: number;
                            /** @description REW, mm (Table 19) */
                            readilyEvaporableWater?: number;
                            /** @description CN2 for runoff (SCS), or null: no runoff */
                            curveNumber?: number | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            crop: {
                                /** @description Kcb ini (FAO-56 Table 17) */
                                kcbInitial: number;
                                /** @description Kcb mid (Table 17) */
                                kcbMid: number;
                                /** @description Kcb end (Table 17) */
                                kcbEnd: number;
                                /** @description FAO-56 stage lengths, days (Table 11) */
                                stageLengths: {
                                    initial: number;
                                    development: number;
                                    mid: number;
                                    late: number;
                                };
                                /** @description crop height at planting, m */
                                heightInitial: number;
                                /** @description maximum crop height, m (Table 12) */
                                heightMax: number;
                                /** @description effective rooting depth at planting, m */
                                rootDepthInitial: number;
                                /** @description maximum effective rooting depth, m (Table 22) */
                                rootDepthMax: number;
                                /** @description p, soil water depletion fraction for no stress (Table 22) */
                                depletionFraction: number;
                            };
                            soil: {
                                /** @description θFC, m³/m³ (Table 19) */
                                fieldCapacity: number;
                                /** @description θWP, m³/m³ (Table 19) */
                                wiltingPoint: number;
                                /** @description θ of the root zone on the planting date, m³/m³ */
                                initialWaterContent: number;
                                /** @description Ze, m (0.10–0.15) */
                                evaporationLayerDepth: number;
                                /** @description REW, mm (Table 19) */
                                readilyEvaporableWater: number;
                                /** @description CN2 for runoff (SCS), or null: no runoff */
                                curveNumber: number | null;
                            };
                            /** @description JSON Pointers of the values that are defaults (the planting's crop's, the default soil's) */
                            defaults: string[];
                            _links: {
                                self: {
                                    href: string;
                                };
                                curies: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:planting": {
                                    href: string;
                                };
                                "svc:waterBalance": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a planting's water-balance parameters with JSON-Patch (test, replace) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    /** @description a planting id of the field, or 'current' */
                    plantingId: string;
                };
                cookie?: never;
            };
            /** @description a JSON-Patch array of at least one command */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description one of test, replace
                         * @enum {string}
                         */
                        op: "test" | "replace";
                        /**
                         * @description one of /crop/kcbInitial, /crop/kcbMid, /crop/kcbEnd, /crop/heightInitial, /crop/heightMax, /crop/rootDepthInitial, /crop/rootDepthMax, /crop/depletionFraction, /crop/stageLengths, /crop/stageLengths/initial, /crop/stageLengths/development, /crop/stageLengths/mid, /crop/stageLengths/late, /soil/fieldCapacity, /soil/wiltingPoint, /soil/initialWaterContent, /soil/evaporationLayerDepth, /soil/readilyEvaporableWater, /soil/curveNumber
                         * @enum {string}
                         */
                        path: "/crop/kcbInitial" | "/crop/kcbMid" | "/crop/kcbEnd" | "/crop/heightInitial" | "/crop/heightMax" | "/crop/rootDepthInitial" | "/crop/rootDepthMax" | "/crop/depletionFraction" | "/crop/stageLengths" | "/crop/stageLengths/initial" | "/crop/stageLengths/development" | "/crop/stageLengths/mid" | "/crop/stageLengths/late" | "/soil/fieldCapacity" | "/soil/wiltingPoint" | "/soil/initialWaterContent" | "/soil/evaporationLayerDepth" | "/soil/readilyEvaporableWater" | "/soil/curveNumber";
                        value: unknown;
                    }[];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            crop: {
                                /** @description Kcb ini (FAO-56 Table 17) */
                                kcbInitial: number;
                                /** @description Kcb mid (Table 17) */
                                kcbMid: number;
                                /** @description Kcb end (Table 17) */
                                kcbEnd: number;
                                /** @description FAO-56 stage lengths, days (Table 11) */
                                stageLengths: {
                                    initial: number;
                                    development: number;
                                    mid: number;
                                    late: number;
                                };
                                /** @description crop height at planting, m */
                                heightInitial: number;
                                /** @description maximum crop height, m (Table 12) */
                                heightMax: number;
                                /** @description effective rooting depth at planting, m */
                                rootDepthInitial: number;
                                /** @description maximum effective rooting depth, m (Table 22) */
                                rootDepthMax: number;
                                /** @description p, soil water depletion fraction for no stress (Table 22) */
                                depletionFraction: number;
                            };
                            soil: {
                                /** @description θFC, m³/m³ (Table 19) */
                                fieldCapacity: number;
                                /** @description θWP, m³/m³ (Table 19) */
                                wiltingPoint: number;
                                /** @description θ of the root zone on the planting date, m³/m³ */
                                initialWaterContent: number;
                                /** @description Ze, m (0.10–0.15) */
                                evaporationLayerDepth: number;
                                /** @description REW, mm (Table 19) */
                                readilyEvaporableWater: number;
                                /** @description CN2 for runoff (SCS), or null: no runoff */
                                curveNumber: number | null;
                            };
                            /** @description JSON Pointers of the values that are defaults (the planting's crop's, the default soil's) */
                            defaults: string[];
                            _links: {
                                self: {
                                    href: string;
                                };
                                curies: {
                                    name: string;
                                    href: string;
                                    templated: boolean;
                                }[];
                                "svc:planting": {
                                    href: string;
                                };
                                "svc:waterBalance": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/irrigations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A planting's irrigation events, by date */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    /** @description a planting id of the field, or 'current' */
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            irrigations: {
                                id: number;
                                date: string;
                                amount: number;
                                units: string;
                                wettedFraction: number | null;
                                _links: {
                                    self: {
                                        href: string;
                                    };
                                    "svc:planting": {
                                        href: string;
                                    };
                                };
                            }[];
                            _links: {
                                self: {
                                    href: string;
                                };
                                "svc:planting": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Record an irrigation event of a planting */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    /** @description a planting id of the field, or 'current' */
                    plantingId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description YYYY-MM-DD: from the planting date to today + 7 at the field
                         * @example 2024-06-10
                         */
                        date: string;
                        /**
                         * @description net depth reaching the soil: mm, or inches with units=usa
                         * @example 25
                         */
                        amount: number;
                        /**
                         * @description fw, the fraction of the surface wetted (FAO-56 Table 20); absent or null: 1
                         * @example 0.5
                         */
                        wettedFraction?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            date: string;
                            amount: number;
                            units: string;
                            wettedFraction: number | null;
                            _links: {
                                self: {
                                    href: string;
                                };
                                "svc:planting": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/irrigations/{irrigationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An irrigation event */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description metric (default) or usa
                     * @example usa
                     */
                    units?: "metric" | "usa";
                };
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                    irrigationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            date: string;
                            amount: number;
                            units: string;
                            wettedFraction: number | null;
                            _links: {
                                self: {
                                    href: string;
                                };
                                "svc:planting": {
                                    href: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an irrigation event */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fieldId: string;
                    plantingId: string;
                    irrigationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/imagery/weathermaps/{layer}/legend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legend of a weather layer: its colour ramp as PNG or JSON */
        get: {
            parameters: {
                query?: {
                    /** @description metric (default: °C, mm, mm/h, m/s) or usa (°F, in, in/h, mph) */
                    units?: string;
                    /** @description png or json; without it the Accept header decides (PNG unless application/json is preferred) */
                    format?: string;
                    /** @description the access token, instead of the Authorization header (imagery only) */
                    token?: string;
                };
                header?: never;
                path: {
                    /** @description a weather layer code (reference layers have no legend) */
                    layer: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": string;
                        "application/json": {
                            layer: string;
                            title: string;
                            /** @description the unit of the stops; null for alert layers, whose classes state theirs */
                            units: string | null;
                            /** @description the colour ramp the layer is drawn with, lowest value first (linear in between); empty for alert layers */
                            stops: {
                                value: number;
                                /** @description #rrggbb */
                                color: string;
                            }[];
                            /** @description alert layers: the areas filled, in the order they win a pixel */
                            classes?: {
                                name: string;
                                /** @description #rrggbb */
                                color: string;
                                condition: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/imagery/weathermaps/{types}/fields/{fieldId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Map image of a field (latest update) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description zoom level 1 to 21 (default 18)
                     * @example 15
                     */
                    zoom?: number;
                    /**
                     * @description {width}x{height} in pixels, each 1 to 2048 (default 500x500)
                     * @example 800x600
                     */
                    size?: string;
                    /** @description the access token, instead of the Authorization header (imagery only) */
                    token?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description comma-separated layer codes, drawn in the order given (opaque layers first)
                     * @example [
                     *       "base",
                     *       "temperatures",
                     *       "states"
                     *     ]
                     */
                    types: ("base" | "earth" | "states" | "counties" | "cities" | "roads" | "rivers" | "radar" | "satellite" | "globalsatellite" | "highressatellite" | "alerts" | "severealerts" | "ftemperatures" | "temperatures" | "dewpoints" | "relativehumidity" | "precipitation" | "wind")[];
                    fieldId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/imagery/weathermaps/{types}/fields/{fieldId}/archives/{interval}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Map image of a field from an earlier update */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description zoom level 1 to 21 (default 18)
                     * @example 15
                     */
                    zoom?: number;
                    /**
                     * @description {width}x{height} in pixels, each 1 to 2048 (default 500x500)
                     * @example 800x600
                     */
                    size?: string;
                    /** @description the access token, instead of the Authorization header (imagery only) */
                    token?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description comma-separated layer codes, drawn in the order given (opaque layers first)
                     * @example [
                     *       "base",
                     *       "temperatures",
                     *       "states"
                     *     ]
                     */
                    types: ("base" | "earth" | "states" | "counties" | "cities" | "roads" | "rivers" | "radar" | "satellite" | "globalsatellite" | "highressatellite" | "alerts" | "severealerts" | "ftemperatures" | "temperatures" | "dewpoints" | "relativehumidity" | "precipitation" | "wind")[];
                    fieldId: string;
                    /**
                     * @description update interval: 0 the latest, 1 the previous update, and so on
                     * @example 1
                     */
                    interval: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/imagery/weathermaps/{types}/tiles/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Map tile (latest update) */
        get: {
            parameters: {
                query?: {
                    /** @description the access token, instead of the Authorization header (imagery only) */
                    token?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description comma-separated layer codes, drawn in the order given (opaque layers first)
                     * @example [
                     *       "base",
                     *       "temperatures",
                     *       "states"
                     *     ]
                     */
                    types: ("base" | "earth" | "states" | "counties" | "cities" | "roads" | "rivers" | "radar" | "satellite" | "globalsatellite" | "highressatellite" | "alerts" | "severealerts" | "ftemperatures" | "temperatures" | "dewpoints" | "relativehumidity" | "precipitation" | "wind")[];
                    /**
                     * @description {X},{Y},{zoom}: web mercator tile, origin at the north-west corner; zoom 1 to 21
                     * @example 7,11,5
                     */
                    address: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/imagery/weathermaps/{types}/tiles/{address}/archives/{interval}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Map tile from an earlier update */
        get: {
            parameters: {
                query?: {
                    /** @description the access token, instead of the Authorization header (imagery only) */
                    token?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description comma-separated layer codes, drawn in the order given (opaque layers first)
                     * @example [
                     *       "base",
                     *       "temperatures",
                     *       "states"
                     *     ]
                     */
                    types: ("base" | "earth" | "states" | "counties" | "cities" | "roads" | "rivers" | "radar" | "satellite" | "globalsatellite" | "highressatellite" | "alerts" | "severealerts" | "ftemperatures" | "temperatures" | "dewpoints" | "relativehumidity" | "precipitation" | "wind")[];
                    /**
                     * @description {X},{Y},{zoom}: web mercator tile, origin at the north-west corner; zoom 1 to 21
                     * @example 7,11,5
                     */
                    address: string;
                    /**
                     * @description update interval: 0 the latest, 1 the previous update, and so on
                     * @example 1
                     */
                    interval: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
