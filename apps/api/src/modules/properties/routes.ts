import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { imageDto, propertyPage } from '@casaoferta/domain/schemas/listings';
import { propertyDraftInput, propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { getPropertyPage } from '../listings/get-property-page';
import { discardPropertyDraft } from './discard-draft';
import {
  addImage,
  deleteImage,
  listImages,
  MAX_IMAGE_BYTES,
  reorderImages,
  UPLOADS_PER_HOUR,
} from './images';
import { findOwnedProperty } from './owned';
import { savePropertyDraft, submitProperty } from './save-property';
import { access } from '../../platform/access';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['properties'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

export function propertyRoutes(db: Db, store: ObjectStore) {
  const ownerPage = async (id: string, ownerId: string) => {
    const page = await getPropertyPage(db, id, ownerId);
    if (!page) throw new DomainError('NOT_FOUND');
    return page;
  };

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/property/draft',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Save the property form as it is filled (a draft, not sent to validation)',
          security,
          body: propertyDraftInput,
          response: { 200: envelope(z.object({ id: z.uuid() })) },
        },
      },
      async (request) => ({ data: await savePropertyDraft(db, requireUser(request).user.id, request.body) }),
    );

    app.post(
      '/api/property',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Create a property and send it to validation',
          security,
          body: propertyInput,
          response: { 201: envelope(propertyPage) },
        },
      },
      async (request, reply) => {
        const ownerId = requireUser(request).user.id;
        const { id } = await submitProperty(db, ownerId, request.body);
        return reply.status(201).send({ data: await ownerPage(id, ownerId) });
      },
    );

    app.put(
      '/api/property/:id',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Update a property (it goes back to validation)',
          security,
          params: idParams,
          body: propertyInput,
          response: { 200: envelope(propertyPage) },
        },
      },
      async (request) => {
        const ownerId = requireUser(request).user.id;
        const { id } = await submitProperty(db, ownerId, request.body, request.params.id);
        return { data: await ownerPage(id, ownerId) };
      },
    );

    app.delete(
      '/api/property/:id',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary:
            'Discard a property draft never sent to validation, with its draft announcements and photos',
          description:
            'Only while the property is PSG000 and no announcement of it went beyond a draft (409 ' +
            "`PROPERTY_NOT_DISCARDABLE` otherwise); another user's property is a 404. Photo rows and files are removed.",
          security,
          params: idParams,
          response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
        },
      },
      async (request) => {
        const ownerId = requireUser(request).user.id;
        const { filesLeft } = await discardPropertyDraft(db, store, ownerId, request.params.id);
        if (filesLeft.length > 0) {
          request.log.warn({ storageKeys: filesLeft }, 'discarded property: photo files left behind');
        }
        return { data: { deleted: true as const } };
      },
    );

    app.post(
      '/api/announcement/images',
      {
        bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
        config: {
          access: access.owner,
          // Per user (the session is read before this hook): each upload costs a decode.
          rateLimit: {
            max: UPLOADS_PER_HOUR,
            timeWindow: 3600_000,
            keyGenerator: (request) => request.auth?.user.id ?? request.ip,
          },
        },
        schema: {
          tags,
          summary: 'Upload one photo (multipart: propertyId, then file); re-encoded to WebP in three sizes',
          security,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(imageDto) },
        },
      },
      async (request, reply) => {
        const ownerId = requireUser(request).user.id;
        if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
        let propertyId: string | undefined;
        let bytes: Buffer | undefined;
        for await (const part of request.parts({
          limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4 },
        })) {
          if (part.type === 'field' && part.fieldname === 'propertyId') propertyId = String(part.value);
          if (part.type === 'file') {
            bytes = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                throw new DomainError('IMAGE_TOO_LARGE', 'file');
              throw error;
            });
          }
        }
        const parsedId = z.uuid().safeParse(propertyId);
        if (!parsedId.success) throw new DomainError('INVALID_INPUT', 'propertyId');
        if (!bytes) throw new DomainError('INVALID_INPUT', 'file');
        if (bytes.length === 0) throw new DomainError('IMAGE_EMPTY', 'file');
        const image = await addImage(db, store, ownerId, parsedId.data, bytes);
        return reply.status(201).send({ data: image });
      },
    );

    app.delete(
      '/api/property/:id/image/:imageId',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Delete a photo of the property',
          security,
          params: z.object({ id: z.uuid(), imageId: z.uuid() }),
          response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
        },
      },
      async (request) => {
        const { id, imageId } = request.params;
        const { filesLeft } = await deleteImage(db, store, requireUser(request).user.id, id, imageId);
        if (filesLeft.length > 0)
          request.log.warn({ storageKeys: filesLeft }, 'deleted photo: files left behind');
        return { data: { deleted: true as const } };
      },
    );

    app.put(
      '/api/property/:id/images/order',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Reorder the photos (the first is the cover)',
          security,
          params: idParams,
          body: z.object({ imageIds: z.array(z.uuid()).max(30) }),
          response: { 200: envelope(z.array(imageDto)) },
        },
      },
      async (request) => ({
        data: await reorderImages(db, requireUser(request).user.id, request.params.id, request.body.imageIds),
      }),
    );

    for (const path of [
      '/api/announcement/property/:id/images',
      '/api/announcement/property/:id/preload-images',
    ]) {
      app.get(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: "The property's photos in order (owner)",
            security,
            params: idParams,
            response: { 200: envelope(z.array(imageDto)) },
          },
        },
        async (request) => {
          await findOwnedProperty(db, request.params.id, requireUser(request).user.id);
          return { data: await listImages(db, request.params.id) };
        },
      );
    }
  };
}
